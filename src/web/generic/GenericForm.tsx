// An area's form from its declaration: without an id it creates, with one it edits. Fields in
// their groups under headings, child tables (invoice lines) as rows, the server's 422 errors next
// to their fields in words (useFormSave.ts), a delete button when allowed (a 409 shows the
// server's reason), the record's title in the app bar, and, for an existing record, the records
// that belong to it. The pieces: form-sections (layout, inputs, child tables), FormBody,
// FormToolbar, ReferenceDefaults, useFormSave, SingletonForm (settings).
import { useMemo } from 'react';
import { Box, Card } from '@mui/material';
import { EditBase, ResourceContextProvider, Title, useEditContext, useRecordContext, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import type { RecordValues, Resource } from '../../shared/resource';
import { areaExtensions } from '../areas/extensions';
import { PageLoader } from '../layout/PageLoader';
import { listPath } from './access';
import { RecordTitle } from './display';
import { FormBody } from './FormBody';
import { PageHeading } from './form-sections';
import { formDefaults } from './form-values';
import { useLabels } from './labels';
import { RelatedPanels } from './RelatedPanels';
import { SingletonBase } from './SingletonForm';
import { useSubmit } from './useFormSave';

export interface FormScreenProps {
  resource: Resource;
  /** The record's id (edit), absent to create. */
  id?: string;
  /** Values preset by the route (`/:owner_id/house-form`). */
  presets?: RecordValues;
  /** Singletons (settings) load and save without an id. */
  singleton?: boolean;
}

/** Where to go after a save: back where the user came from (a related panel), else the list. */
function useReturnTo(resource: Resource): string {
  const location = useLocation();
  const from = (location.state as { returnTo?: string } | null)?.returnTo;
  return from ?? listPath(resource) ?? '/dashboard';
}

function FormTitle({ resource }: { resource: Resource }) {
  const labels = useLabels(resource);
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return <>{labels.area(1)}</>;
  return (
    <>
      {translate('generic.form.edit', { name: labels.area(1).toLocaleLowerCase() })}: <RecordTitle resource={resource} record={record} />
    </>
  );
}

function EditView({ resource, id, singleton }: { resource: Resource; id: string; singleton?: boolean }) {
  const { record, isPending } = useEditContext();
  const returnTo = useReturnTo(resource);
  const { onSubmit, formError } = useSubmit(resource, singleton ? undefined : id, record, returnTo);
  const labels = useLabels(resource);
  const Related = areaExtensions[resource.name]?.related;
  const Summary = areaExtensions[resource.name]?.summary;
  if (isPending || !record) return <PageLoader />;
  const heading = singleton ? labels.area(1) : <RecordTitle resource={resource} record={record} />;
  return (
    // on a phone the form's toolbar is fixed to the bottom: room for it under the last panel
    <Box sx={{ maxWidth: 1180, width: '100%', mx: 'auto', pb: { xs: 12, sm: 4 } }}>
      <Title title={singleton ? labels.area(1) : <FormTitle resource={resource} />} />
      <PageHeading>{heading}</PageHeading>
      {/* what people open the record for (a property's rent roll, a tenant's balance) comes first, then its details */}
      {Summary && !singleton ? <Box sx={{ mb: 2, '& > :first-of-type': { mt: 0 } }}><Summary record={record} /></Box> : null}
      <Card>
        <FormBody resource={resource} record={record} editing onSubmit={onSubmit} formError={formError} returnTo={returnTo} />
      </Card>
      {!singleton ? <RelatedPanels resource={resource} record={record} /> : null}
      {Related ? (
        <Box sx={{ mt: 2 }}>
          <Related record={record} />
        </Box>
      ) : null}
    </Box>
  );
}

function CreateView({ resource, presets }: { resource: Resource; presets?: RecordValues }) {
  const labels = useLabels(resource);
  const translate = useTranslate();
  const returnTo = useReturnTo(resource);
  const { onSubmit, formError } = useSubmit(resource, undefined, undefined, returnTo);
  const defaults = useMemo(() => ({ ...formDefaults(resource), ...(presets ?? {}) }), [resource, presets]);
  const heading = translate('generic.form.new', { name: labels.area(1).toLocaleLowerCase() });
  return (
    <Box sx={{ maxWidth: 1180, width: '100%', mx: 'auto', pb: 4 }}>
      <Title title={heading} />
      <PageHeading>{heading}</PageHeading>
      <Card>
        <FormBody resource={resource} defaults={defaults} editing={false} onSubmit={onSubmit} formError={formError} returnTo={returnTo} />
      </Card>
    </Box>
  );
}

export function GenericForm({ resource, id, presets, singleton }: FormScreenProps) {
  if (singleton) {
    return (
      <ResourceContextProvider value={resource.name}>
        <SingletonBase resource={resource} />
      </ResourceContextProvider>
    );
  }
  if (id === undefined) {
    return (
      <ResourceContextProvider value={resource.name}>
        <CreateView resource={resource} presets={presets} />
      </ResourceContextProvider>
    );
  }
  return (
    <EditBase resource={resource.name} id={id} disableAuthentication mutationMode="pessimistic" redirect={false}>
      <EditView resource={resource} id={id} />
    </EditBase>
  );
}
