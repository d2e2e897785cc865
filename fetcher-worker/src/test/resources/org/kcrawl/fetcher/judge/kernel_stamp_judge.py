"""An arrival judge whose clock is the kernel's: each request is stamped with the receive timestamp
the kernel put on the segment that carried its first bytes (SO_TIMESTAMPNS), taken as the segment
entered the receive path. The stamp is therefore the same whenever this process gets the CPU to read
it: a server woken late (a saturated machine, a stolen virtual CPU, a blocking log write) cannot make
two requests look closer than they were sent, as a user-space stamp (nginx's $msec, System.nanoTime on
an event loop) can.

Serves robots.txt per address and a small page for any other path after the latency, HTTP/1.1 with
keep-alive, on every address of one port, single-threaded. Reads the same properties file as the JVM
judge, writes its port file when listening, stops when its standard input closes and then writes its
log: one line per request, "address stamp_ns path".
"""
import heapq
import os
import selectors
import socket
import struct
import sys
import time

SO_TIMESTAMPNS = 35  # Linux; Python's socket module does not name it
PAGE = b"<html><head><title>judged</title></head><body><p>a page</p></body></html>"


def load_properties(path):
    """java.util.Properties.store output: key=value lines, '#' comments, backslash escapes."""
    props = {}
    with open(path, encoding="latin-1") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line or line[0] in "#!":
                continue
            key, value, i, escaped = [], [], 0, False
            target = key
            while i < len(line):
                c = line[i]
                if c == "\\":
                    n = line[i + 1]
                    if n == "u":
                        target.append(chr(int(line[i + 2:i + 6], 16)))
                        i += 6
                        continue
                    target.append({"n": "\n", "t": "\t", "r": "\r", "f": "\f"}.get(n, n))
                    i += 2
                    continue
                if target is key and c in "=:":
                    target = value
                else:
                    target.append(c)
                i += 1
            props["".join(key)] = "".join(value)
    return props


class Connection:
    def __init__(self, sock, address, robots):
        self.sock = sock
        self.address = address
        self.robots = robots
        self.buffer = b""
        self.stamps = []  # [bytes still unread of a received chunk, its kernel stamp], oldest first
        self.out = b""
        self.busy = False  # a request is being answered: the next one waits (no pipelining answered early)


def main():
    props = load_properties(sys.argv[1])
    addresses = props["addresses"].split(",")
    latency = int(props["latency_ms"]) / 1000.0
    notes = []
    timers = []  # (due, seq, connection, path)
    seq = 0
    sel = selectors.DefaultSelector()
    port = 0
    for address in addresses:
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        # Set on the listener so accepted sockets inherit it before their first segment arrives.
        s.setsockopt(socket.SOL_SOCKET, SO_TIMESTAMPNS, 1)
        s.bind((address, port))
        port = s.getsockname()[1]
        s.listen(1024)
        s.setblocking(False)
        sel.register(s, selectors.EVENT_READ, ("listen", address))
    sel.register(sys.stdin.fileno(), selectors.EVENT_READ, ("stdin", None))
    tmp = props["port_file"] + ".tmp"
    with open(tmp, "w") as f:
        f.write(str(port))
    os.replace(tmp, props["port_file"])

    def close(conn):
        sel.unregister(conn.sock)
        conn.sock.close()

    def start_next(conn):
        """Takes the next whole request from the buffer, notes it and schedules its answer."""
        nonlocal seq
        if conn.busy:
            return
        end = conn.buffer.find(b"\r\n\r\n")
        if end < 0:
            return
        head = conn.buffer[:end].decode("latin-1")
        path = head.split("\r\n", 1)[0].split(" ")[1]
        stamp = conn.stamps[0][1]
        consume(conn, end + 4)
        notes.append("%s %d %s" % (conn.address, stamp, path))
        conn.busy = True
        seq += 1
        heapq.heappush(timers, (time.monotonic() + (0 if path == "/robots.txt" else latency), seq, conn, path))

    def consume(conn, n):
        conn.buffer = conn.buffer[n:]
        while n > 0:
            take = min(n, conn.stamps[0][0])
            conn.stamps[0][0] -= take
            n -= take
            if conn.stamps[0][0] == 0:
                conn.stamps.pop(0)

    def respond(conn, path):
        robots = path == "/robots.txt"
        body = conn.robots if robots else PAGE
        kind = "text/plain" if robots else "text/html"
        conn.out += b"HTTP/1.1 200 OK\r\nContent-Type: %s\r\nContent-Length: %d\r\n\r\n" % (kind.encode(), len(body))
        conn.out += body
        conn.busy = False
        flush(conn)
        start_next(conn)

    def flush(conn):
        try:
            sent = conn.sock.send(conn.out)
            conn.out = conn.out[sent:]
        except BlockingIOError:
            pass
        except OSError:
            close(conn)
            return
        sel.modify(conn.sock, selectors.EVENT_READ | (selectors.EVENT_WRITE if conn.out else 0), ("conn", conn))

    running = True
    while running:
        timeout = max(0.0, timers[0][0] - time.monotonic()) if timers else None
        for key, events in sel.select(timeout):
            kind, data = key.data
            if kind == "stdin":
                if not os.read(sys.stdin.fileno(), 4096):
                    running = False
            elif kind == "listen":
                try:
                    c, _ = key.fileobj.accept()
                except BlockingIOError:
                    continue
                c.setblocking(False)
                conn = Connection(c, data, props.get("robots." + data, "User-agent: *\nAllow: /\n").encode())
                sel.register(c, selectors.EVENT_READ, ("conn", conn))
            else:
                conn = data
                if events & selectors.EVENT_WRITE:
                    flush(conn)
                if events & selectors.EVENT_READ and conn.sock.fileno() >= 0:
                    try:
                        chunk, ancillary, _, _ = conn.sock.recvmsg(65536, socket.CMSG_SPACE(16))
                    except (BlockingIOError, InterruptedError):
                        continue
                    except OSError:
                        close(conn)
                        continue
                    if not chunk:
                        close(conn)
                        continue
                    stamps = [struct.unpack("qq", d[:16]) for level, t, d in ancillary
                              if level == socket.SOL_SOCKET and t == SO_TIMESTAMPNS]
                    if not stamps:
                        sys.exit("no kernel receive timestamp on a segment from " + conn.address)
                    conn.stamps.append([len(chunk), stamps[0][0] * 1_000_000_000 + stamps[0][1]])
                    conn.buffer += chunk
                    start_next(conn)
        now = time.monotonic()
        while timers and timers[0][0] <= now:
            _, _, conn, path = heapq.heappop(timers)
            if conn.sock.fileno() >= 0:
                respond(conn, path)
    with open(props["log"], "w") as f:
        for note in notes:
            f.write(note + "\n")


if __name__ == "__main__":
    main()
