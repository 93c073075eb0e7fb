// The permission matrix: one row per module, one column per action, a checkbox where the
// catalogue has that permission; each row and each column can be ticked at once. Permissions the
// current user does not hold are greyed out with why: nobody grants what they do not hold (the
// server refuses it too), so the row/column/all boxes tick only the grantable ones.
import { useMemo, type ReactElement } from 'react';
import {
  Box, Checkbox, FormHelperText, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Tooltip, Typography,
} from '@mui/material';
import { useInput, useTranslate } from 'react-admin';
import { checkboxInput } from '../../components/checkbox-input';
import { ALL_PERMISSIONS, CRUD_ACTIONS, DOMAIN_PERMISSIONS, MODULES, permission } from '../../../shared/permissions';

/** The domain verbs of each module (void.invoice → invoice: [void]). */
export const VERBS_BY_MODULE: Readonly<Record<string, string[]>> = DOMAIN_PERMISSIONS.reduce<Record<string, string[]>>((acc, p) => {
  const [action, module] = p.split('.');
  (acc[module] ??= []).push(action);
  return acc;
}, {});

export const rowPermissions = (module: string): string[] => [
  ...CRUD_ACTIONS.map((a) => permission(a, module)),
  ...(VERBS_BY_MODULE[module] ?? []).map((a) => permission(a, module)),
].filter((p) => ALL_PERMISSIONS.includes(p));

/** Domain verbs about no one module (view.financials, export.list): a row each, after the modules. */
export const EXTRA_ROWS: readonly string[] = Object.keys(VERBS_BY_MODULE).filter((m) => !(MODULES as readonly string[]).includes(m));

export const columnPermissions = (action: string): string[] => MODULES.map((m) => permission(action, m)).filter((p) => ALL_PERMISSIONS.includes(p));

type TickState = { checked: boolean; indeterminate: boolean };
const stateOf = (held: ReadonlySet<string>, list: string[]): TickState => {
  const n = list.filter((p) => held.has(p)).length;
  return { checked: n > 0 && n === list.length, indeterminate: n > 0 && n < list.length };
};

export function PermissionMatrix({ source = 'permissions', readOnly = false, grantable = null }: {
  source?: string;
  readOnly?: boolean;
  /** The permissions the current user may grant (their own); null: all. */
  grantable?: ReadonlySet<string> | null;
}) {
  const translate = useTranslate();
  const { field, fieldState } = useInput({ source, defaultValue: [] });
  const held = useMemo(() => new Set<string>(Array.isArray(field.value) ? (field.value as string[]) : []), [field.value]);
  const mayGrant = (p: string) => !grantable || grantable.has(p);
  /** One permission's box: disabled with a tooltip saying why when it is not the user's to grant. */
  const box = (p: string): ReactElement => {
    const control = (
      <Checkbox
        size="small"
        disabled={readOnly || !mayGrant(p)}
        checked={held.has(p)}
        onChange={(e) => setMany([p], e.target.checked)}
        slotProps={{ input: { 'aria-label': p } }}
      />
    );
    if (readOnly || mayGrant(p)) return control;
    return (
      <Tooltip title={translate('screens.roles.not_yours')}>
        <span>{control}</span>
      </Tooltip>
    );
  };

  const setMany = (list: string[], on: boolean) => {
    const next = new Set(held);
    for (const p of list.filter(mayGrant)) {
      if (on) next.add(p);
      else next.delete(p);
    }
    // keep the catalogue's order so the body is stable
    field.onChange(ALL_PERMISSIONS.filter((p) => next.has(p)));
  };
  const moduleLabel = (m: string) => translate(`screens.permissions.modules.${m}`, { _: m.replace(/_/g, ' ') });
  const actionLabel = (a: string) => translate(`screens.permissions.actions.${a}`, { _: a });
  const all = stateOf(held, [...ALL_PERMISSIONS]);

  return (
    <Box>
      <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 2, maxHeight: 560 }}>
        <Table size="small" stickyHeader aria-label={translate('screens.roles.matrix')}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ fontWeight: 700, minWidth: 200 }}>
                <Box sx={{ display: 'flex', alignItems: 'center' }}>
                  <Checkbox
                    size="small"
                    disabled={readOnly}
                    checked={all.checked}
                    indeterminate={all.indeterminate}
                    onChange={(e) => setMany([...ALL_PERMISSIONS], e.target.checked)}
                    slotProps={{ input: checkboxInput(translate('screens.roles.select_everything'), all.indeterminate) }}
                  />
                  {translate('screens.roles.module')}
                </Box>
              </TableCell>
              {CRUD_ACTIONS.map((a) => {
                const s = stateOf(held, columnPermissions(a));
                return (
                  <TableCell key={a} align="center" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
                      {actionLabel(a)}
                      <Checkbox
                        size="small"
                        disabled={readOnly}
                        checked={s.checked}
                        indeterminate={s.indeterminate}
                        onChange={(e) => setMany(columnPermissions(a), e.target.checked)}
                        slotProps={{ input: checkboxInput(translate('screens.roles.select_column', { action: actionLabel(a) }), s.indeterminate) }}
                      />
                    </Box>
                  </TableCell>
                );
              })}
              <TableCell sx={{ fontWeight: 700 }}>{translate('screens.roles.other')}</TableCell>
              <TableCell align="center" sx={{ fontWeight: 700 }}>{translate('screens.roles.all')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {[...MODULES, ...EXTRA_ROWS].map((m) => {
              const row = rowPermissions(m);
              const s = stateOf(held, row);
              return (
                <TableRow key={m} hover>
                  <TableCell component="th" scope="row" sx={{ textTransform: 'none' }}>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>{moduleLabel(m)}</Typography>
                  </TableCell>
                  {CRUD_ACTIONS.map((a) => {
                    const p = permission(a, m);
                    if (!ALL_PERMISSIONS.includes(p)) return <TableCell key={a} padding="checkbox" />;
                    return (
                      <TableCell key={a} align="center" padding="checkbox">
                        {box(p)}
                      </TableCell>
                    );
                  })}
                  <TableCell>
                    {(VERBS_BY_MODULE[m] ?? []).map((a) => {
                      const p = permission(a, m);
                      return (
                        <Box key={p} component="label" sx={{ display: 'inline-flex', alignItems: 'center', mr: 1, whiteSpace: 'nowrap' }}>
                          {box(p)}
                          <Typography variant="body2">{actionLabel(a)}</Typography>
                        </Box>
                      );
                    })}
                  </TableCell>
                  <TableCell align="center" padding="checkbox">
                    <Checkbox
                      size="small"
                      disabled={readOnly}
                      checked={s.checked}
                      indeterminate={s.indeterminate}
                      onChange={(e) => setMany(row, e.target.checked)}
                      slotProps={{ input: checkboxInput(translate('screens.roles.select_row', { module: moduleLabel(m) }), s.indeterminate) }}
                    />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 0.75 }}>
        <FormHelperText error={fieldState.invalid}>
          {fieldState.error?.message
            ? translate(fieldState.error.message, { _: fieldState.error.message })
            : grantable && !readOnly && grantable.size < ALL_PERMISSIONS.length ? translate('screens.roles.greyed_out') : ' '}
        </FormHelperText>
        <Typography variant="caption" color="text.secondary">
          {translate('screens.roles.count', { n: held.size, total: ALL_PERMISSIONS.length })}
        </Typography>
      </Box>
    </Box>
  );
}
