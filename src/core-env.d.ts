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
