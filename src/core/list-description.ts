/**
 * What a list says about itself: its name and the optional description,
 * organisation and owner. Compact lists, interchange metadata, saved lists and
 * the markdown export all carry these four, so they are stated once: the type
 * comes from the interchange schema's metadata, and the zod fields (which
 * validate the compact form and document saved lists in OpenAPI) are checked
 * against it at compile time.
 */
import { z } from 'zod';
import type { ServiceListMetadata } from './service-list.types.ts';

export type ListDescription = Pick<ServiceListMetadata, 'name' | 'description' | 'organisation' | 'owner'>;

/** The zod fields of a list's description, with the limits every endpoint that takes a list applies. */
export const listDescriptionFields = {
  name: z
    // The type's own message only: the length checks below keep theirs (a long name is not "not a string").
    .string({
      error: (i) =>
        i.code !== 'invalid_type'
          ? undefined
          : i.input === undefined
            ? 'required: give the list a name'
            : 'must be a string',
    })
    .trim()
    .min(1, 'name must not be empty')
    .max(200, 'at most 200 characters')
    .describe('Human-readable title of the list'),
  description: z.string().max(2000, 'at most 2000 characters').optional().describe('Free text'),
  organisation: z.string().max(200, 'at most 200 characters').optional().describe('Owning organisation or unit'),
  owner: z.string().max(200, 'at most 200 characters').optional().describe('Contact person or team'),
};

// Fails to compile if the zod fields and the schema's metadata stop naming the same fields with the same types.
type ZodDescription = z.output<z.ZodObject<typeof listDescriptionFields>>;
type Fields<T> = { [K in keyof T]-?: Exclude<T[K], undefined> };
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const zodFieldsMatchSchema: Same<Fields<ZodDescription>, Fields<ListDescription>> = true;

/**
 * The description fields of `from` that are present, and nothing else:
 * absent ones stay absent rather than `undefined`, so JSON output and
 * stored records carry only what was given.
 */
export function listDescription(
  from: { [K in keyof ListDescription]?: ListDescription[K] | undefined } & { name: string },
): ListDescription {
  const { name, description, organisation, owner } = from;
  return {
    name,
    ...(description !== undefined ? { description } : {}),
    ...(organisation !== undefined ? { organisation } : {}),
    ...(owner !== undefined ? { owner } : {}),
  };
}
