// The few host facilities the pure core may use. They exist both in browsers/workers and in Node 20,
// but belong to neither the ES library nor a DOM-free type set, so they are declared here by hand.
// Only tsconfig.core.json includes this file; the full project gets the same names from the DOM lib.

interface TextDecoderOptions { fatal?: boolean; ignoreBOM?: boolean }
interface TextDecodeOptions { stream?: boolean }
declare class TextDecoder {
  constructor(label?: string, options?: TextDecoderOptions);
  decode(input?: ArrayBufferView | ArrayBuffer, options?: TextDecodeOptions): string;
}
declare class TextEncoder {
  encode(input?: string): Uint8Array;
}

// Streams and (de)compression, for trace files and share links (src/trace). Only the members the core uses.
interface ReadableStreamReadResult<T> { done: boolean; value?: T }
interface ReadableStreamDefaultReader<R> {
  read(): Promise<ReadableStreamReadResult<R>>;
  cancel(reason?: unknown): Promise<void>;
  releaseLock(): void;
}
interface ReadableStream<R> { getReader(): ReadableStreamDefaultReader<R> }
interface WritableStreamDefaultWriter<W> {
  write(chunk: W): Promise<void>;
  close(): Promise<void>;
  abort(reason?: unknown): Promise<void>;
}
interface WritableStream<W> { getWriter(): WritableStreamDefaultWriter<W> }
type CompressionFormat = 'deflate' | 'deflate-raw' | 'gzip';
declare class CompressionStream {
  constructor(format: CompressionFormat);
  readonly readable: ReadableStream<Uint8Array>;
  readonly writable: WritableStream<Uint8Array>;
}
declare class DecompressionStream {
  constructor(format: CompressionFormat);
  readonly readable: ReadableStream<Uint8Array>;
  readonly writable: WritableStream<Uint8Array>;
}
