export declare const HUGE_PAGES_TUNABLE: string;
export declare function withHugePages(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
