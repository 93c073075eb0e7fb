// An area's list from its declaration: the declared columns, filters, `q` search, sort,
// pagination, CSV export, bulk delete and an empty state that says what to do next. Buttons the
// user's permissions do not allow are not shown. Phones get a compact one-line-per-record list.
import { useMemo, type ReactElement, type ReactNode } from 'react';
import { Box, Card, Typography, useMediaQuery, type Theme } from '@mui/material';
import {
  BulkDeleteButton,
  CreateButton,
  Datagrid,
  FilterButton,
  List,
  SimpleList,
  TopToolbar,
  useListContext,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { recordTitle, routePath, type Field, type Resource, type RouteDeclaration } from '../../shared/resource';
import { EXPORT_LIST } from '../../shared/permissions';
import { hasPermission } from '../routing/access';
import { useSession } from '../session/session-store';
import { areaExtensions } from '../areas/extensions';
import { formPath, useAccess } from './access';
import { FieldValue, RecordTitle } from './display';
import { filtersFor } from './filters';
import { iconNamed } from './icons';
import { useLabels, humanise } from './labels';
import { ExportButton } from './ExportButton';
import { ListPagination } from './ListPagination';

interface ListScreenProps {
  resource: Resource;
  route: RouteDeclaration;
  /** What an area shows between the heading and the list (the SMS credits' balance). */
  above?: ReactNode;
}

const firstSegment = (path: string) => path.split('/').find((s) => s && !s.startsWith(':')) ?? '';

/** The list's heading: the area's name, or the route's own name (Outbox, Sent). */
export function useListTitle(resource: Resource, route: RouteDeclaration): string {
  const labels = useLabels(resource);
  const translate = useTranslate();
  const slug = firstSegment(route.path);
  return slug === resource.name ? labels.area() : translate(`resources.${resource.name}.menu.${slug}`, { _: humanise(slug) });
}

/** A column: Datagrid reads source, label, sortable and textAlign from these props. */
function Column({ resource, field }: { resource: Resource; field: Field; source: string; label: string; sortable: boolean; textAlign?: 'right' | 'left' }) {
  return <FieldValue resource={resource} field={field} />;
}

export function columnsOf(resource: Resource): Field[] {
  return resource.listColumns.map((k) => resource.fields.find((f) => f.key === k)).filter((f): f is Field => !!f);
}

function ListActions({ resource, createTo, hasMoreFilters, filename }: { resource: Resource; createTo: string | null; hasMoreFilters: boolean; filename: string }) {
  const Extra = areaExtensions[resource.name]?.listActions;
  // a whole list as CSV needs export.list besides list.<module> (the server refuses it otherwise)
  const mayExport = hasPermission(useSession().permissions, EXPORT_LIST);
  return (
    <TopToolbar sx={{ alignItems: 'center', minHeight: { xs: 48 } }}>
      {hasMoreFilters ? <FilterButton /> : null}
      {Extra ? <Extra /> : null}
      {mayExport ? <ExportButton resource={resource} filename={filename} /> : null}
      {createTo ? <CreateButton to={createTo} variant="contained" /> : null}
    </TopToolbar>
  );
}

function Empty({ resource, createTo, title }: { resource: Resource; createTo: string | null; title: string }) {
  const translate = useTranslate();
  const labels = useLabels(resource);
  const Icon = iconNamed(resource.icon);
  const Extra = areaExtensions[resource.name]?.listActions;
  return (
    <Card sx={{ mt: 2, p: { xs: 3, sm: 5 }, textAlign: 'center', width: '100%' }}>
      <Box
        sx={(t) => ({
          width: 64, height: 64, mx: 'auto', mb: 2, borderRadius: '18px', display: 'grid', placeItems: 'center',
          color: 'primary.main', bgcolor: t.palette.mode === 'dark' ? 'rgba(52,211,153,0.12)' : '#ecfdf5',
        })}
      >
        <Icon fontSize="large" />
      </Box>
      <Typography variant="h6" component="h2">
        {translate('generic.list.empty_title', { name: title.toLocaleLowerCase() })}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5, mb: 2.5 }}>
        {translate(createTo ? 'generic.list.empty_text' : 'generic.list.empty_text_readonly')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'center', flexWrap: 'wrap' }}>
        {Extra ? <Extra /> : null}
        {createTo ? (
          <CreateButton to={createTo} variant="contained" label={translate('generic.list.add', { name: labels.area(1).toLocaleLowerCase() })} />
        ) : null}
      </Box>
    </Card>
  );
}

/** Delete the chosen rows; the toast says how many of what ("3 properties deleted"). */
function BulkDelete({ resource }: { resource: Resource }) {
  const translate = useTranslate();
  const labels = useLabels(resource);
  const n = useListContext().selectedIds.length;
  return <BulkDeleteButton mutationMode="pessimistic" successMessage={translate('generic.list.deleted', { smart_count: n, name: labels.area(n).toLocaleLowerCase() })} />;
}

/** The area's row action (areas/extensions.ts rowActions) for the row's record; Datagrid reads label and sortable. */
function RowAction({ resource }: { resource: Resource; label?: string | false; sortable?: boolean }) {
  const record = useRecordContext();
  const Action = areaExtensions[resource.name]?.rowActions;
  return record && Action ? <Action record={record} /> : null;
}

/** Phones: the title, two more columns (and the status) under it, the amount on the right. */
export function PhoneList({ resource, rowClick, columns = columnsOf(resource) }: { resource: Resource; rowClick: ((id: unknown, r: RaRecord) => string | false) | false; columns?: Field[] }) {
  const right = columns.find((f) => f.kind === 'money') ?? columns.find((f) => f.kind === 'choice');
  const status = columns.find((f) => f.kind === 'choice' && f !== right);
  const rest = columns.filter((f) => f !== right && f !== status && f.kind !== 'long_text');
  const action = areaExtensions[resource.name]?.rowActions ? <RowAction resource={resource} /> : null;
  return (
    <SimpleList
      primaryText={<RecordTitle resource={resource} />}
      secondaryText={<><PhoneDetails resource={resource} fields={rest} status={status} />{action}</>}
      tertiaryText={
        right ? (
          <Box component="span" sx={{ float: 'right', ml: 1.5, fontWeight: 600, color: 'text.primary' }}>
            <FieldValue resource={resource} field={right} />
          </Box>
        ) : undefined
      }
      rowClick={rowClick === false ? false : (id: unknown, _r: unknown, record: RaRecord) => rowClick(id, record)}
      sx={{ '& .MuiListItemText-secondary': { mt: 0.25 } }}
    />
  );
}

/** The second line: columns other than those already in the title, then the status chip. */
function PhoneDetails({ resource, fields, status }: { resource: Resource; fields: Field[]; status?: Field }) {
  const record = useRecordContext();
  if (!record) return null;
  const title = recordTitle(resource, record);
  const shown = fields.filter((f) => record[f.key] != null && record[f.key] !== '' && !(typeof record[f.key] === 'string' && title.includes(String(record[f.key])))).slice(0, 2);
  return (
    <Box component="span" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
      {shown.map((f) => (
        <Box component="span" key={f.key} sx={{ display: 'inline-flex' }}>
          <FieldValue resource={resource} field={f} />
        </Box>
      ))}
      {status ? <FieldValue resource={resource} field={status} /> : null}
    </Box>
  );
}

export function GenericList({ resource, route, above }: ListScreenProps) {
  const translate = useTranslate();
  const labels = useLabels(resource);
  const access = useAccess(resource);
  const small = useMediaQuery((t: Theme) => t.breakpoints.down('md'));
  const title = useListTitle(resource, route);
  const { permissions } = useSession();
  const filters = useMemo(() => filtersFor(resource, route, translate, permissions), [resource, route, translate, permissions]);
  // No form (messages): the area's page creates (compose a message), when the user may open it.
  const page = resource.routes.find((r) => r.view === 'page' && !r.path.includes(':id'));
  const createTo = access.create
    ? formPath(resource)
    : !formPath(resource) && page && hasPermission(permissions, page.permission ?? `create.${resource.module}`)
      ? routePath(page.path)
      : null;
  const rowClick = access.edit ? (id: unknown) => formPath(resource, id as string) ?? '' : false;
  const columns = columnsOf(resource);
  const hasMoreFilters = filters.some((f) => !(f as ReactElement<{ alwaysOn?: boolean }>).props.alwaysOn);

  return (
    <>
      {/* the page's name as its heading at every width (the app bar's title is not one) */}
      <Typography variant="h5" component="h1" sx={{ mt: 0.5, mb: { xs: -1, md: -0.5 }, fontWeight: 700, fontSize: { xs: '1.2rem', sm: '1.4rem' } }}>
        {title}
      </Typography>
      {above}
      <List
        resource={resource.name}
        storeKey={`keja.list.${route.path}`}
        title={title}
        sort={resource.defaultSort}
        filter={route.filter}
        filters={filters}
        perPage={25}
        pagination={<ListPagination />}
        exporter={false}
        actions={<ListActions resource={resource} createTo={createTo} hasMoreFilters={hasMoreFilters} filename={firstSegment(route.path)} />}
        empty={<Empty resource={resource} createTo={createTo} title={title} />}
        disableAuthentication
        // a table wider than the page (long message bodies) scrolls inside its card, never the page
        sx={{ '& .RaList-main': { mt: 0.5 }, '& .RaList-content': { overflowX: 'auto', contain: 'inline-size' } }}
      >
        {small ? (
          <PhoneList resource={resource} rowClick={rowClick ? (id) => rowClick(id) : false} />
        ) : (
          <Datagrid
            rowClick={rowClick}
            bulkActionButtons={access.delete ? <BulkDelete resource={resource} /> : false}
            size="small"
            sx={{
              '& .RaDatagrid-headerCell': { fontWeight: 650, whiteSpace: 'nowrap', bgcolor: 'background.paper' },
              '& .RaDatagrid-rowCell': { py: 0.75 },
              '& .column-money, & .MuiTableCell-alignRight': { textAlign: 'right' },
            }}
          >
            {columns.map((f) => (
              <Column
                key={f.key}
                resource={resource}
                field={f}
                source={f.key}
                label={labels.field(f.key)}
                sortable={resource.sortFields.includes(f.key)}
                {...(f.kind === 'money' ? { textAlign: 'right' as const } : {})}
              />
            ))}
            {areaExtensions[resource.name]?.rowActions ? <RowAction resource={resource} label={false} sortable={false} /> : null}
          </Datagrid>
        )}
      </List>
    </>
  );
}
