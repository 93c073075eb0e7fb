// A generic form's toolbar: Save (when allowed), the area's own record actions, and Delete (a
// blocked delete says why instead).
import { Box, Tooltip, Typography } from '@mui/material';
import { DeleteButton, SaveButton, Toolbar, useRecordContext, useTranslate } from 'react-admin';
import type { Resource } from '../../shared/resource';
import { areaExtensions } from '../areas/extensions';
import { useAccess } from './access';
import { titleText } from './display';
import { useLabels } from './labels';

export function FormToolbar({ resource, editing, returnTo }: { resource: Resource; editing: boolean; returnTo: string }) {
  const record = useRecordContext();
  const access = useAccess(resource);
  const translate = useTranslate();
  const labels = useLabels(resource);
  const Extra = areaExtensions[resource.name]?.recordActions;
  const blocked = editing && record ? resource.delete.blockedWhen?.find((b) => b.in.includes(String(record[b.field]))) : undefined;
  const title = titleText(resource, record);
  return (
    <Toolbar sx={{ gap: 1, flexWrap: 'wrap', justifyContent: 'space-between', bgcolor: { xs: 'background.paper', sm: 'transparent' }, px: 2, borderTop: { xs: 1, sm: 0 }, borderColor: 'divider' }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        {(editing ? access.edit : access.create) ? <SaveButton /> : null}
        {editing && record && Extra ? <Extra record={record} /> : null}
      </Box>
      {editing && record && access.delete && !resource.singleton ? (
        blocked ? (
          <Tooltip title={blocked.message}>
            <Typography variant="body2" color="text.secondary">{translate('generic.form.delete_blocked')}</Typography>
          </Tooltip>
        ) : (
          <DeleteButton
            mutationMode="pessimistic"
            redirect={returnTo}
            record={record}
            resource={resource.name}
            confirmTitle={title || undefined}
            // the toast names the record ("Property Jirani Heights deleted"), not "Element deleted"
            successMessage={title ? translate('generic.form.deleted_record', { name: labels.area(1), title }) : undefined}
          />
        )
      ) : null}
    </Toolbar>
  );
}
