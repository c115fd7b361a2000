/// <reference types="vite/client" />
/** True when started with `npm start` (vite --mode demo): open the built-in demo incident at once. */
declare const __OPEN_DEMO__: boolean;
