// The move-out dialog's itemised deductions: rows of what for (repairs, cleaning…), a description
// and an amount, added and removed in place, with their total as typed. Each becomes a charge
// against the deposit on the server (src/server/domain/billing/deductions.ts).
import { Box, Button, IconButton, MenuItem, TextField, Typography } from '@mui/material';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import { useTranslate } from 'react-admin';
import { centsToDecimal, parseMoney } from '../../../shared/resource-values';
import { DEDUCTION_CATEGORIES, type DeductionCategory } from '../../../shared/settlement';
import { money } from '../../money/format';

export interface DeductionRow { key: number; category: DeductionCategory; description: string; amount: string }

let next = 1;
export const newDeduction = (): DeductionRow => ({ key: next++, category: 'repairs', description: '', amount: '' });

/** A row's problem as typed (the server says the same with the field's name), or null. */
export function rowError(r: DeductionRow): { description?: string; amount?: string } | null {
  const amount = parseMoney(r.amount);
  const e: { description?: string; amount?: string } = {};
  if (!r.description.trim()) e.description = 'screens.leases.deduction_description_required';
  if (amount === null) e.amount = 'screens.leases.deduction_amount_number';
  else if (amount <= 0n) e.amount = 'screens.leases.deduction_amount_positive';
  return Object.keys(e).length ? e : null;
}

/** The rows the server is sent: the complete ones, amounts as decimal text. */
export const deductionsBody = (rows: DeductionRow[]) => rows.filter((r) => !rowError(r))
  .map((r) => ({ category: r.category, description: r.description.trim(), amount: centsToDecimal(parseMoney(r.amount)!) }));

export function MoveOutDeductions({ rows, onChange, errors }: { rows: DeductionRow[]; onChange: (rows: DeductionRow[]) => void; errors?: Record<string, string> }) {
  const translate = useTranslate();
  const set = (key: number, patch: Partial<DeductionRow>) => onChange(rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const total = rows.reduce((t, r) => t + (rowError(r) ? 0n : parseMoney(r.amount)!), 0n);
  return (
    <Box data-testid="move-out-deductions" sx={{ mt: 2 }}>
      <Typography variant="subtitle2">{translate('screens.leases.deductions')}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>{translate('screens.leases.deductions_hint')}</Typography>
      {rows.map((r, i) => {
        const typed = r.description !== '' || r.amount !== '';
        const own = typed ? rowError(r) : null;
        const fieldError = (f: 'description' | 'amount') => errors?.[`deductions.${i}.${f}`] ?? (own?.[f] ? translate(own[f]!) : undefined);
        return (
          <Box key={r.key} data-testid="deduction-row" sx={{ display: 'grid', gap: 1, alignItems: 'start', mb: 1.5, gridTemplateColumns: { xs: '1fr 1fr auto', sm: '9rem 1fr 8rem auto' } }}>
            <TextField
              select size="small" label={translate('screens.leases.deduction_category')} value={r.category}
              onChange={(e) => set(r.key, { category: e.target.value as DeductionCategory })}
              sx={{ gridColumn: { xs: '1 / 3', sm: 'auto' } }}
            >
              {DEDUCTION_CATEGORIES.map((c) => <MenuItem key={c} value={c}>{translate(`screens.leases.deduction_categories.${c}`)}</MenuItem>)}
            </TextField>
            <IconButton
              aria-label={translate('screens.leases.deduction_remove')} onClick={() => onChange(rows.filter((x) => x.key !== r.key))}
              sx={{ gridColumn: { xs: '3', sm: '4' }, gridRow: { xs: '1', sm: '1' } }}
            >
              <DeleteOutlineRoundedIcon />
            </IconButton>
            <TextField
              size="small" label={translate('screens.leases.deduction_description')} value={r.description}
              onChange={(e) => set(r.key, { description: e.target.value })}
              error={!!fieldError('description')} helperText={fieldError('description')}
              slotProps={{ htmlInput: { maxLength: 200 } }}
              sx={{ gridColumn: { xs: '1 / 4', sm: '2' }, gridRow: { sm: '1' } }}
            />
            <TextField
              size="small" label={translate('screens.leases.deduction_amount')} value={r.amount} inputMode="decimal"
              onChange={(e) => set(r.key, { amount: e.target.value })}
              error={!!fieldError('amount')} helperText={fieldError('amount')}
              slotProps={{ htmlInput: { inputMode: 'decimal', style: { textAlign: 'right' } } }}
              sx={{ gridColumn: { xs: '1 / 4', sm: '3' }, gridRow: { sm: '1' } }}
            />
          </Box>
        );
      })}
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2 }}>
        <Button size="small" startIcon={<AddRoundedIcon />} onClick={() => onChange([...rows, newDeduction()])}>
          {translate('screens.leases.deduction_add')}
        </Button>
        {rows.length ? (
          <Typography variant="body2" data-testid="deductions-total" sx={{ fontWeight: 600 }}>
            {translate('screens.leases.deductions_total', { amount: money(centsToDecimal(total)) })}
          </Typography>
        ) : null}
      </Box>
    </Box>
  );
}
