import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { z } from 'zod';

/**
 * Answers are written by a serializer compiled once per route from the contract's schema
 * (fast-json-stringify over its JSON Schema): only the declared fields are written, so a field
 * a query happens to select (a password hash, say) never reaches the client, and no answer is
 * validated again at run time. Tests also parse every answer with its zod schema first, so an
 * answer that does not match the contract fails there.
 */
export function createResponseSerializer({ checkWithZod }: { checkWithZod: boolean }): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) => {
    const jsonSchema = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' });
    const stringify = fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
    if (!checkWithZod) return (data) => stringify(data);
    return (data) => {
      const checked = schema.safeParse(data);
      if (!checked.success) {
        throw new Error(`The answer of ${method} ${url} does not match its schema: ${checked.error.message}`);
      }
      return stringify(data);
    };
  };
}
