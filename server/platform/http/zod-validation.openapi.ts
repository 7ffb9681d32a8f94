import { applyDecorators } from '@nestjs/common';
import { ApiBody, ApiParam, ApiQuery, ApiResponse } from '@nestjs/swagger';
import type { SchemaObject } from '@nestjs/swagger';
import { z } from 'zod';
import { ErrorResponseSchema } from '../../../contract/api/fields.js';

/**
 * OpenAPI from the same zod schemas the validation pipe parses with (zod 4's JSON Schema output,
 * OpenAPI 3.0 dialect), so /api/docs cannot tell another story than the code. Requests are
 * documented as the client sends them (`io: 'input'`), answers as the server sends them.
 */
export function openApiSchema(schema: z.ZodType, io: 'input' | 'output'): SchemaObject {
  const json = z.toJSONSchema(schema, { target: 'openapi-3.0', io, unrepresentable: 'any' }) as Record<string, unknown>;
  delete json.$schema;
  return json as SchemaObject;
}

type JsonObject = SchemaObject & { properties?: Record<string, SchemaObject>; required?: string[] };

/** The request body is `schema` (and a failure answers 422 with the error shape). */
export function ApiZodBody(schema: z.ZodType, description?: string): MethodDecorator {
  return applyDecorators(
    ApiBody({ schema: openApiSchema(schema, 'input'), ...(description ? { description } : {}) }),
    ApiResponse({ status: 422, description: 'Invalid fields, each with its code', schema: openApiSchema(ErrorResponseSchema, 'output') }),
  );
}

/** One query parameter per field of the object schema. */
export function ApiZodQuery(schema: z.ZodObject): MethodDecorator & ClassDecorator {
  const json = openApiSchema(schema, 'input') as JsonObject;
  const decorators = Object.entries(json.properties ?? {}).map(([name, property]) =>
    ApiQuery({ name, required: false, schema: property, ...(property.description ? { description: property.description } : {}) }),
  );
  return applyDecorators(...decorators);
}

/** One path parameter per field of the object schema. */
export function ApiZodParams(schema: z.ZodObject): MethodDecorator {
  const json = openApiSchema(schema, 'input') as JsonObject;
  return applyDecorators(
    ...Object.entries(json.properties ?? {}).map(([name, property]) =>
      ApiParam({ name, required: true, schema: property, ...(property.description ? { description: property.description } : {}) }),
    ),
  );
}

/** The answer with `status` is `schema` (default 200). */
export function ApiZodResponse(schema: z.ZodType, status = 200, description = 'Success'): MethodDecorator {
  return ApiResponse({ status, description, schema: openApiSchema(schema, 'output') });
}
