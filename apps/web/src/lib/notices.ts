/**
 * Where the server serves the third-party notices and the SBOM that the build writes into its output
 * (build/third-party.ts): at the root, reachable without signing in.
 */
export const NOTICES_PATH = '/third-party-notices.txt';
export const SBOM_PATH = '/sbom.cdx.json';
