// Settings: one record per organisation, read and saved without an id (GET/PUT /<name>).
import { useCallback, useEffect, useState } from 'react';
import { Box, Card, CardContent } from '@mui/material';
import { Title, useNotify, type RaRecord } from 'react-admin';
import type { RecordValues, Resource } from '../../shared/resource';
import { describeFailure } from '../components/server-errors';
import { api } from '../providers/http-client';
import { PageLoader } from '../layout/PageLoader';
import { FormBody } from './FormBody';
import { PageHeading } from './form-sections';
import { toApiValues } from './form-values';
import { useLabels } from './labels';
import { usePlaceFailure } from './useFormSave';

/** Settings: GET/PUT /<name> (one record per organisation, no id). */
export function SingletonBase({ resource }: { resource: Resource }) {
  const notify = useNotify();
  const [record, setRecord] = useState<RaRecord | null>(null);
  const labels = useLabels(resource);
  const [formError, setFormError] = useState<string | null>(null);
  const place = usePlaceFailure(resource);
  useEffect(() => {
    let live = true;
    api<RaRecord>(`/${resource.name}`)
      .then((data) => live && setRecord(data))
      .catch((e: unknown) => notify(describeFailure(e).message ?? 'ra.notification.http_error', { type: 'error' }));
    return () => {
      live = false;
    };
  }, [notify, resource.name]);
  const onSubmit = useCallback(
    async (values: RecordValues) => {
      setFormError(null);
      try {
        setRecord(await api<RaRecord>(`/${resource.name}`, { method: 'PUT', body: toApiValues(resource, values) }));
        notify('generic.form.saved', { type: 'info' });
        return undefined;
      } catch (e) {
        const { inline, formError } = place(e);
        setFormError(formError);
        return inline;
      }
    },
    [notify, resource, place],
  );
  if (!record) return <PageLoader />;
  return (
    <Box sx={{ maxWidth: 1180, width: '100%', mx: 'auto', pb: 4 }}>
      <Title title={labels.area(1)} />
      <PageHeading>{labels.area(1)}</PageHeading>
      <Card>
        <CardContent sx={{ p: 0 }}>
          <FormBody resource={resource} record={record} editing onSubmit={onSubmit} formError={formError} returnTo="/dashboard" />
        </CardContent>
      </Card>
    </Box>
  );
}
