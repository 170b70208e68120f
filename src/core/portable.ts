/**
 * Structural stand-ins for Node's and the web's types in the public declarations, so a strict TypeScript consumer
 * compiles against farsw's types without @types/node and without the DOM lib (issue 37.13). Node's own objects
 * (process.stdin, process.stderr, an AbortSignal, a URL) fit them.
 */

/** A readable stream of bytes (process.stdin, a Node Readable, any async iterable of chunks). */
export type ByteStream = AsyncIterable<Uint8Array | string>;

/** A writable text stream (process.stderr, a Node Writable, a test's collector); `columns` when it is a terminal. */
export interface TextStream {
  write(chunk: string): unknown;
  readonly columns?: number;
}

/** The environment's AbortSignal (Node's, the DOM lib's); `never` for a consumer whose types have none. */
export type AbortSignalLike = typeof globalThis extends { AbortSignal: { prototype: infer S } } ? S : never;

/** The environment's URL (Node's, the DOM lib's); `never` for a consumer whose types have none. */
export type UrlLike = typeof globalThis extends { URL: { prototype: infer U } } ? U : never;
