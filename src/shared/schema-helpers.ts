// Small TypeBox pieces every answer shape uses (shared by the server's routes, the web app and
// /api/docs), so "may be null" is written one way.
import { Type, type TSchema } from 'typebox';

export const Text = Type.String();

/** t, or null. */
export const Nullable = <T extends TSchema>(t: T, description?: string) => Type.Union([t, Type.Null()], description ? { description } : {});

export const NullableText = Nullable(Type.String());

/** A calendar day. */
export const Day = Type.String({ description: 'YYYY-MM-DD' });

/** A moment (ISO text, or a Date the serialiser writes as one), or null. */
export const NullableDateTime = Type.Unsafe<Date | string | null>({ type: ['string', 'null'], format: 'date-time' });
