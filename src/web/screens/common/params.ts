// The record a form route names. The declarations call it `:id`; the seed's routes call it
// `:ulid`, `:role_id` (roles) or `:id` (service providers): any of them is the record.
import { useParams } from 'react-router-dom';
import { useSession } from '../../session/session-store';
import { hasPermission } from '../../routing/access';

export const RECORD_PARAMS = ['id', 'ulid', 'role_id'] as const;

export function recordIdOf(params: Record<string, string | undefined>): string | undefined {
  for (const key of RECORD_PARAMS) {
    const v = params[key];
    if (v) return v;
  }
  return undefined;
}

/** The id of the record being edited, or undefined on a create route. */
export function useRecordId(): string | undefined {
  return recordIdOf(useParams());
}

/** `can('void.invoice')`: whether the session holds a permission (the server checks it again). */
export function useCan(): (permission: string) => boolean {
  const { permissions } = useSession();
  return (permission: string) => hasPermission(permissions, permission);
}
