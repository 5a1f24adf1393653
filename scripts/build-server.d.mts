/** The compiled server's entry (build/server/server.mjs). */
export const serverBundle: string;
/** How node runs the compiled server. */
export const SERVER_NODE_FLAGS: readonly string[];
/** Compiles the server when a source is newer than the bundle (or always with `force`); true when it did. */
export function buildServer(options?: { force?: boolean }): Promise<boolean>;
