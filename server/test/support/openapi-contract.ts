import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { loadOpenApiDocument } from '../../src/http/openapi-routes.js';

type Json = Record<string, unknown>;

interface Operation {
  responses?: Record<string, Json>;
}

/**
 * Checks answers against openapi/recipehub.openapi.yaml: the status must be documented for that
 * operation, and a JSON body must match the documented schema (which forbids extra fields), so a
 * route that drifts from the contract or leaks a field fails the test that called it.
 */
export class OpenApiContract {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly routes: { method: string; template: string; pattern: RegExp }[] = [];

  private constructor(private readonly document: Json) {
    addFormats.default(this.ajv);
    this.ajv.addSchema(document, 'openapi');
    const paths = (document.paths ?? {}) as Record<string, Record<string, Operation>>;
    for (const [template, item] of Object.entries(paths)) {
      for (const method of Object.keys(item)) {
        if (!['get', 'put', 'post', 'delete', 'patch'].includes(method)) continue;
        const pattern = new RegExp(
          `^${template
            .replace(/\/$/, '')
            .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
            .replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}/?$`,
        );
        this.routes.push({ method: method.toUpperCase(), template, pattern });
      }
    }
  }

  static async load(): Promise<OpenApiContract> {
    return new OpenApiContract(await loadOpenApiDocument());
  }

  /** Throws with a readable message when the answer does not match the document. */
  check(method: string, url: string, response: LightMyRequestResponse): void {
    const path = url.split('?')[0] ?? url;
    const route = this.routes.find(
      (r) => r.method === method.toUpperCase() && r.pattern.test(path),
    );
    if (!route) throw new Error(`${method} ${path} is not in the OpenAPI document`);

    const responses = this.operation(route).responses ?? {};
    const status = String(response.statusCode);
    const key =
      status in responses ? status : `${status[0]}XX` in responses ? `${status[0]}XX` : 'default';
    if (!(key in responses)) {
      throw new Error(
        `${method} ${route.template} answered ${status}, which the document does not list`,
      );
    }
    const pointer = this.resolveResponsePointer(
      `#/paths/${escape(route.template)}/${method.toLowerCase()}/responses/${key}`,
    );
    const responseObject = this.at(pointer) as { content?: Record<string, { schema?: Json }> };
    const contentType =
      String(response.headers['content-type'] ?? '')
        .split(';')[0]
        ?.trim() ?? '';
    if (!responseObject.content) {
      if (response.body.length > 0 && response.statusCode !== 302) {
        throw new Error(
          `${method} ${route.template} ${status}: the document promises no body, got one`,
        );
      }
      return;
    }
    const mediaType = Object.keys(responseObject.content).find((type) => type === contentType);
    if (!mediaType) {
      throw new Error(
        `${method} ${route.template} ${status}: content type "${contentType}" is not documented (${Object.keys(responseObject.content).join(', ')})`,
      );
    }
    if (!mediaType.includes('json')) return;
    const validate = this.ajv.compile({
      $ref: `openapi${pointer}/content/${escape(mediaType)}/schema`,
    });
    if (!validate(response.json())) {
      throw new Error(
        `${method} ${route.template} ${status} does not match the document: ${this.ajv.errorsText(validate.errors)}\nbody: ${response.body.slice(0, 1000)}`,
      );
    }
  }

  /** inject() that also checks the answer against the document. */
  async inject(app: FastifyInstance, options: InjectOptions & { method: string; url: string }) {
    const response = await app.inject(options);
    this.check(options.method, options.url, response);
    return response;
  }

  /** Every documented "METHOD /path" pair, for completeness checks. */
  operations(): string[] {
    return this.routes.map((r) => `${r.method} ${r.template}`);
  }

  private operation(route: { method: string; template: string }): Operation {
    const paths = this.document.paths as Record<string, Record<string, Operation>>;
    return paths[route.template]?.[route.method.toLowerCase()] ?? {};
  }

  /** Follows `$ref`s between response objects (e.g. to #/components/responses/NotFound). */
  private resolveResponsePointer(pointer: string): string {
    let current = pointer;
    for (let hops = 0; hops < 10; hops++) {
      const node = this.at(current) as { $ref?: string };
      if (!node.$ref) return current;
      current = node.$ref;
    }
    throw new Error(`too many $ref hops from ${pointer}`);
  }

  private at(pointer: string): unknown {
    let node: unknown = this.document;
    for (const part of pointer.replace(/^#\//, '').split('/')) {
      node = (node as Json)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
      if (node === undefined) throw new Error(`${pointer} does not exist in the document`);
    }
    return node;
  }
}

function escape(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}
