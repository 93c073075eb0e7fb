// The index of areas: every declaration in this folder, found by `npm run areas` (run by
// `npm run db:generate`, dev, start and build) and assembled by src/shared/areas.ts. Adding an area
// is a new file here; nothing in this file changes.
import { assembleAreas } from '../src/shared/areas.js';
import { declared } from './areas.generated.js';

export * from './areas.generated.js';

const index = assembleAreas(declared);

/** The list areas (the API's /api/v1/<name> resources), in menu order. */
export const resources = index.resources;
/** Every declaration including the settings singleton (routes, menu, permissions). */
export const allDeclarations = index.allDeclarations;
/** Resources with a generic table (what src/server/db/resource-tables.ts builds). */
export const storedResources = index.storedResources;
export const resourceByName = index.resourceByName;
