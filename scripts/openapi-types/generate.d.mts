/** TypeScript types of an OpenAPI document (an object), by openapi-typescript. */
export function openApiTypes(document: Record<string, unknown>): Promise<string>;
