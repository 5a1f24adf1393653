/** Builds the PWA (with `buildArgs` added to vite build's, then into `dataDir`), starts the server on `dataDir` and waits until it answers. */
export function serveBuiltApp(dataDir: string, port: number, buildArgs?: string[]): Promise<{ origin: string; stop: () => void }>;

/** A demo person's token. */
export function signInToken(origin: string, email: string): Promise<string>;
