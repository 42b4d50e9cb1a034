// Types of build-server.mjs (plain JavaScript: ensure-build.mjs runs it with node alone).
export interface BuildServerOptions {
  /** default dist/server */
  outdir?: string;
  /** default { main: 'src/server/main.ts', cli: 'src/server/cli.ts' } */
  entryPoints?: Record<string, string>;
}
export function buildServer(options?: BuildServerOptions): Promise<void>;
