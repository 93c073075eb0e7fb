// Small TypeBox pieces every answer shape uses (shared by the server's routes, the web app and
// /api/docs), so "may be null" is written one way.
import { Type, type TSchema } from 'typebox';

/** t, or null. */
export const Nullable = <T extends TSchema>(t: T, description?: string) => Type.Union([t, Type.Null()], description ? { description } : {});

/** A moment (ISO text, or a Date the serialiser writes as one), or null. */
export const NullableDateTime = Type.Unsafe<Date | string | null>({ type: ['string', 'null'], format: 'date-time' });
