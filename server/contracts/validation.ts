import { z } from "../zod";
import { errors, type FieldErrors } from "../errors";
import { knownKeysAt, unknownFieldsMessage } from "./unknown-fields";

/**
 * zod issues -> Laravel-style `{ field: [messages] }` with dotted field names (D5/D6):
 * `The amount field is required.`, `The metadata.network field must be one of: orange, mtn.`
 */
function fieldName(path: PropertyKey[]): string {
  return path.length ? path.map(String).join(".") : "body";
}

const typeWords: Record<string, string> = {
  string: "a string",
  number: "a number",
  int: "an integer",
  boolean: "true or false",
  object: "an object",
  array: "an array",
};

function describe(issue: z.core.$ZodIssue, field: string, schema: z.ZodType | undefined): string {
  switch (issue.code) {
    case "invalid_type": {
      if (issue.input === undefined || issue.input === null) return `The ${field} field is required.`;
      if (field === "body") return "The request body must be a JSON object.";
      return `The ${field} field must be ${typeWords[issue.expected] ?? issue.expected}.`;
    }
    case "too_small": {
      if (issue.origin === "string") {
        return Number(issue.minimum) <= 1 ? `The ${field} field is required.` : `The ${field} field must be at least ${issue.minimum} characters.`;
      }
      // A list counts items (Laravel's "must have at least :min items."), not a value "at least 1".
      if (issue.origin === "array" || issue.origin === "set") {
        return Number(issue.minimum) === 1 ? `The ${field} field must have at least 1 item.` : `The ${field} field must have at least ${issue.minimum} items.`;
      }
      return `The ${field} field must be at least ${issue.minimum}.`;
    }
    case "too_big":
      if (issue.origin === "string") return `The ${field} field must not be greater than ${issue.maximum} characters.`;
      if (issue.origin === "array" || issue.origin === "set") return `The ${field} field must not have more than ${issue.maximum} items.`;
      return `The ${field} field must not be greater than ${issue.maximum}.`;
    case "invalid_value":
      if (issue.input === undefined || issue.input === null) return `The ${field} field is required.`;
      return `The ${field} field must be one of: ${issue.values.map(String).join(", ")}.`;
    case "invalid_format":
      if (issue.format === "url") return `The ${field} field must be a valid URL.`;
      // A pattern given its own sentence (an id of one kind, a cursor) says what was expected.
      if (issue.message.startsWith("The ")) return issue.message;
      return `The ${field} field format is invalid.`;
    case "unrecognized_keys":
      return unknownFieldsMessage(issue.keys, schema ? knownKeysAt(schema, issue.path) : []);
    default:
      // custom issues carry a complete sentence already
      return issue.message.startsWith("The ") ? issue.message : `The ${field} field ${issue.message}`;
  }
}

/** `schema`, when given, is the one that refused: an unknown field's message names the known field it was likely meant to be. */
export function zodToFieldErrors(error: z.ZodError, schema?: z.ZodType): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const field = fieldName(issue.path);
    const message = describe(issue, field, schema);
    const list = (out[field] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  return out;
}

/**
 * Dotted paths of the strings holding a NUL character. PostgreSQL text and jsonb cannot
 * store U+0000, so such a value would fail deep in a query (500) instead of here (422).
 */
function nulPaths(value: unknown, path: string[] = [], out: string[] = []): string[] {
  if (typeof value === "string") {
    if (value.includes("\u0000")) out.push(path.length ? path.join(".") : "body");
  } else if (value && typeof value === "object") {
    // One path array, pushed and popped (this runs on every validated request).
    for (const k in value) {
      if (!Object.prototype.hasOwnProperty.call(value, k)) continue;
      path.push(k);
      nulPaths((value as Record<string, unknown>)[k], path, out);
      path.pop();
    }
  }
  return out;
}

/** Parses or throws the 422 AppError. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  // reportInput: zod 4 leaves the offending value out of issues unless asked, and the
  // messages above need it to tell "required" from "must be a number".
  const result = schema.safeParse(input, { reportInput: true });
  if (!result.success) throw errors.validation(zodToFieldErrors(result.error, schema));
  assertNoNul(result.data);
  return result.data;
}

/** Throws the 422 AppError naming each string that holds a NUL (the REST validation above, and every tRPC input). */
export function assertNoNul(value: unknown): void {
  const withNul = nulPaths(value);
  if (withNul.length) {
    throw errors.validation(Object.fromEntries(withNul.map((f) => [f, [`The ${f} field must not contain NUL characters.`]])));
  }
}
