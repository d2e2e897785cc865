// Runs Mozilla's Readability.js (npm @mozilla/readability, on jsdom) over the content evaluation's sets and
// writes each article's text to OUT/<set>/<id>.txt, for `bench/content-eval.sh --extractor file:OUT`.
//   node bench/content-eval-readability.mjs DATA_DIR OUT_DIR [set,set]
// Needs @mozilla/readability and jsdom on NODE_PATH (bench/content-eval-reference.sh installs them from npm).
// A page Readability finds no article in gets no file (scored as an empty output); one it throws on is logged.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import readline from "node:readline";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const { JSDOM, VirtualConsole } = require("jsdom");
const { Readability } = require("@mozilla/readability");

const [dataDir, outDir, only] = process.argv.slice(2);
if (!dataDir || !outDir) {
  console.error("usage: node content-eval-readability.mjs DATA_DIR OUT_DIR [set,set]");
  process.exit(2);
}
const wanted = only ? new Set(only.split(",")) : null;
const safeName = (id) => id.replace(/[^A-Za-z0-9._-]/g, "_");
const quiet = new VirtualConsole(); // page scripts never run; CSS and markup complaints are not results

for (const file of fs.readdirSync(dataDir).filter((f) => f.endsWith(".jsonl.gz")).sort()) {
  const set = file.slice(0, -".jsonl.gz".length);
  if (wanted && !wanted.has(set)) continue;
  fs.mkdirSync(path.join(outDir, set), { recursive: true });
  const lines = readline.createInterface({
    input: fs.createReadStream(path.join(dataDir, file)).pipe(zlib.createGunzip()),
    crlfDelay: Infinity,
  });
  let pages = 0, empty = 0, failed = 0, ms = 0;
  for await (const line of lines) {
    if (!line.trim()) continue;
    const page = JSON.parse(line);
    pages++;
    const started = process.hrtime.bigint();
    try {
      const dom = new JSDOM(page.html, { url: page.url || "http://fakehost/", virtualConsole: quiet });
      const article = new Readability(dom.window.document).parse();
      dom.window.close();
      if (article && article.textContent && article.textContent.trim()) {
        fs.writeFileSync(path.join(outDir, set, safeName(page.id) + ".txt"), article.textContent);
      } else {
        empty++;
      }
    } catch (e) {
      failed++;
      console.error(`${set}/${page.id}: ${e && e.message}`);
    }
    ms += Number(process.hrtime.bigint() - started) / 1e6;
  }
  console.error(`${set}: ${pages} pages, ${empty} without an article, ${failed} failed, ` +
    `${(ms / Math.max(1, pages)).toFixed(1)} ms/page (jsdom parse included)`);
}
