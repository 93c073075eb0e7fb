import type { TenantDetails } from './letterhead.js';

/** A rendered document: the bytes, the download's name, a title for an email, and whom it is about. */
export interface DocumentFile {
  pdf: Buffer;
  filename: string;
  title: string;
  tenant: TenantDetails | null;
}
