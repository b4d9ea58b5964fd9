// Types for check-generated.mjs, so TypeScript callers (tests/contract) import it checked.
export declare const GENERATED_TYPES_PATH: string;
export declare function renderGeneratedTypes(): Promise<string>;
export declare function checkGeneratedTypes(): Promise<{ upToDate: boolean; message: string }>;
