// Types for validate-document.mjs, so TypeScript callers (tests/contract) import it checked.
import type { OpenAPIV3_1 } from 'openapi-types';

export declare const DOCUMENT_PATH: string;
export declare function loadDocument(documentPath?: string): Promise<OpenAPIV3_1.Document>;
export declare function validateDocument(
  documentPath?: string,
): Promise<{ valid: boolean; errors: string[] }>;
