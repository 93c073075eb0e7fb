// The portfolio's pieces in the generic screens (see ../../areas/extensions.ts): a property's
// rent roll and "Add in bulk" in its houses panel; a tenant's balance; an owner's statement.
// Each loads on first use, with nothing shown meanwhile (they sit under a form already shown).
import { createElement, lazy, Suspense, type ComponentType } from 'react';
import type { RaRecord } from 'react-admin';
import { extendArea } from '../../areas/extensions';

function lazyPanel<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Lazy = lazy(async () => ({ default: await load() }));
  return function Panel(props: P) {
    return createElement(Suspense, { fallback: null }, createElement(Lazy as ComponentType<P>, props));
  };
}

const BulkHousesButton = lazyPanel(() => import('./BulkHousesDialog').then((m) => m.BulkHousesButton));

/** In the houses panel of a property (not of an owner or a house type). */
function HousesPanelActions({ parent, field }: { parent: RaRecord; field: string }) {
  return field === 'property_id' ? createElement(BulkHousesButton, { property: parent, compact: true }) : null;
}

// a new property opens at once: its houses are the next thing to add
extendArea('properties', { summary: lazyPanel(() => import('./RentRollPanel').then((m) => m.RentRollPanel)), openCreated: true });
extendArea('houses', { relatedActions: HousesPanelActions });
extendArea('tenants', { summary: lazyPanel(() => import('./AccountCards').then((m) => m.TenantBalanceCard)) });
extendArea('property-owners', { summary: lazyPanel(() => import('./AccountCards').then((m) => m.OwnerStatementCard)) });
