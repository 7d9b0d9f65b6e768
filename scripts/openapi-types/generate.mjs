import openapiTS, { astToString } from 'openapi-typescript';

/** TypeScript types of an OpenAPI document (an object), by openapi-typescript. */
export async function openApiTypes(document) {
  return astToString(await openapiTS(document));
}
