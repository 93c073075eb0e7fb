export type Id = string | number;

export interface SessionUser {
  id: Id;
  name?: string;
  email?: string;
  phone?: string | null;
  [key: string]: unknown;
}

export interface SessionRole {
  id: Id;
  name: string;
}

export interface Organization {
  id: Id;
  name: string;
  email?: string | null;
  phone?: string | null;
  [key: string]: unknown;
}

/** The seed's current-user session (section 3). */
export interface Session {
  user: SessionUser | null;
  roles: SessionRole[];
  permissions: string[];
  /** The active organisation, stored without its `settings`. */
  organization: Organization | null;
  /** True until the user fetch has finished, whether it succeeded or failed. */
  loading: boolean;
  /** The server's answer to a failed user fetch or logout, or a fallback text. */
  error: unknown;
}
