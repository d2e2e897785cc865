package org.kcrawl.cli;

import picocli.CommandLine.IVersionProvider;

/** Reports the build's version from the jar manifest. */
final class Version implements IVersionProvider {
    @Override
    public String[] getVersion() {
        String v = Version.class.getPackage().getImplementationVersion();
        return new String[] {"kcrawl " + (v == null ? "(development build)" : v)};
    }
}
