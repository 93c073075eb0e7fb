// "What belongs to this record", derived from the declarations: for every area with a filterable
// reference field pointing at this record's area, a panel lists those records (an owner's
// properties and houses, a property's houses with counts per status, a tenant's leases, a house's
// lease history), with a link to see them all and a button to add one already linked.
import { Box, Button, Card, CardHeader, Chip, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import {
  Datagrid,
  ReferenceManyField,
  useGetList,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { resources as allResources } from '../../../resources/index';
import { routePath, type Field, type Resource } from '../../shared/resource';
import { hasPermission } from '../routing/access';
import { useSession } from '../session/session-store';
import { areaExtensions } from '../areas/extensions';
import { formPath, listPath } from './access';
import { chipColor, FieldValue } from './display';
import { iconNamed } from './icons';
import { PhoneList } from './GenericList';
import { useLabels } from './labels';
import { ListPagination } from './ListPagination';

export interface Relation {
  resource: Resource;
  field: Field;
}

/** Areas whose filterable reference fields point at `name`, in menu order. */
export function relationsTo(name: string, list: readonly Resource[] = allResources): Relation[] {
  return list.flatMap((resource) =>
    resource.fields.filter((f) => f.kind === 'reference' && f.reference === name && f.filter).map((field) => ({ resource, field })),
  );
}

/** Where "Add" goes: a form route taking the link as a parameter, else the form with ?source=. */
export function addPath(resource: Resource, field: Field, id: string): string | null {
  const byParam = resource.routes.find((r) => r.view === 'form' && r.path.includes(`:${field.key}`));
  if (byParam) return routePath(byParam.path, { [field.key]: id });
  const base = formPath(resource);
  return base ? `${base}?source=${encodeURIComponent(JSON.stringify({ [field.key]: id }))}` : null;
}

function Column({ resource, field }: { resource: Resource; field: Field; source: string; label: string; sortable: boolean }) {
  return <FieldValue resource={resource} field={field} />;
}

function StatusCount({ resource, field, id, status }: Relation & { id: string; status: string }) {
  const labels = useLabels(resource);
  const { total } = useGetList(resource.name, { filter: { [field.key]: id, status }, pagination: { page: 1, perPage: 1 }, sort: { field: 'id', order: 'ASC' } });
  if (!total) return null;
  return (
    <Chip
      size="small"
      color={chipColor(status)}
      variant={chipColor(status) === 'default' ? 'outlined' : 'filled'}
      label={`${labels.choice('status', status)} ${total}`}
      sx={{ height: 22, fontSize: 12, fontWeight: 600 }}
    />
  );
}

function StatusCounts({ resource, field, id }: Relation & { id: string }) {
  const status = resource.fields.find((f) => f.key === 'status' && f.kind === 'choice' && f.filter);
  if (!status?.choices) return null;
  return (
    <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
      {status.choices.map((s) => (
        <StatusCount key={s} resource={resource} field={field} id={id} status={s} />
      ))}
    </Stack>
  );
}

function RelatedPanel({ resource, field, record, several }: Relation & { record: RaRecord; several: boolean }) {
  const translate = useTranslate();
  const labels = useLabels(resource);
  const location = useLocation();
  const navigate = useNavigate();
  const { permissions } = useSession();
  const Icon = iconNamed(resource.icon);
  const id = String(record.id);
  const Extra = areaExtensions[resource.name]?.relatedActions;
  const canCreate = hasPermission(permissions, `create.${resource.module}`);
  const canEdit = hasPermission(permissions, `edit.${resource.module}`);
  const add = canCreate ? addPath(resource, field, id) : null;
  const list = listPath(resource);
  const all = list && !Object.keys(resource.routes.find((r) => r.view === 'list')?.filter ?? {}).length
    ? `${list}?filter=${encodeURIComponent(JSON.stringify({ [field.key]: id }))}`
    : null;
  const columns = resource.listColumns
    .filter((k) => k !== field.key)
    .map((k) => resource.fields.find((f) => f.key === k))
    .filter((f): f is Field => !!f);
  const title = several ? `${labels.area()} · ${labels.field(field.key)}` : labels.area();
  const back = { returnTo: location.pathname + location.search };
  const small = useMediaQuery((t: Theme) => t.breakpoints.down('md'));
  // Opens a record with where to come back to after its save (react-admin's own row click
  // cannot carry router state): navigate here and tell react-admin not to.
  const open = (rid: unknown): false => {
    const to = formPath(resource, rid as string);
    if (to) navigate(to, { state: back });
    return false;
  };

  return (
    <Card component="section" aria-label={title} sx={{ mt: 2 }}>
      <CardHeader
        avatar={<Icon fontSize="small" color="primary" />}
        title={<Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>{title}</Typography>}
        subheader={<StatusCounts resource={resource} field={field} id={id} />}
        action={
          <Box sx={{ display: 'flex', gap: 1, pt: 0.5, pr: 0.5 }}>
            {Extra ? <Extra parent={record} field={field.key} /> : null}
            {all ? (
              <Button size="small" component={Link} to={all}>
                {translate('generic.related.see_all')}
              </Button>
            ) : null}
            {add ? (
              <Button size="small" variant="outlined" startIcon={<AddRoundedIcon />} component={Link} to={add} state={back}>
                {translate('generic.related.add')}
              </Button>
            ) : null}
          </Box>
        }
        sx={{ py: 1.25, '& .MuiCardHeader-avatar': { mr: 1.25 }, '& .MuiCardHeader-action': { alignSelf: 'center', m: 0 } }}
      />
      {/* a table wider than the panel (long message bodies) scrolls here, a box the keyboard can reach */}
      <Box tabIndex={0} sx={{ overflowX: 'auto', '& .RaDatagrid-root .RaDatagrid-tableWrapper': { overflowX: 'visible' } }}>
        <ReferenceManyField
          record={record}
          reference={resource.name}
          target={field.key}
          sort={resource.defaultSort}
          perPage={5}
          pagination={<ListPagination rowsPerPageOptions={[5]} />}
          empty={
            <Typography color="text.secondary" variant="body2" sx={{ px: 2, pb: 2 }}>
              {translate('generic.related.none')}
            </Typography>
          }
        >
          {small ? (
            <PhoneList resource={resource} columns={columns} rowClick={canEdit ? (rid) => open(rid) : false} />
          ) : (
            <Datagrid
              bulkActionButtons={false}
              size="small"
              rowClick={canEdit ? (rid) => open(rid) : false}
              sx={{ '& .RaDatagrid-headerCell': { fontWeight: 650, whiteSpace: 'nowrap' } }}
            >
              {columns.map((f) => (
                <Column key={f.key} resource={resource} field={f} source={f.key} label={labels.field(f.key)} sortable={false} />
              ))}
            </Datagrid>
          )}
        </ReferenceManyField>
      </Box>
    </Card>
  );
}

export function RelatedPanels({ resource, record }: { resource: Resource; record: RaRecord }) {
  const { permissions } = useSession();
  const relations = relationsTo(resource.name).filter((r) => hasPermission(permissions, `list.${r.resource.module}`));
  if (!relations.length) return null;
  return (
    <Box>
      {relations.map((r) => (
        <RelatedPanel
          key={`${r.resource.name}.${r.field.key}`}
          {...r}
          record={record}
          several={relations.filter((x) => x.resource === r.resource).length > 1}
        />
      ))}
    </Box>
  );
}
