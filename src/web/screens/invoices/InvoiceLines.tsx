// Invoice lines with their amounts and the total computed as the person types, in integer cents
// (never a float): what the server will store, to the cent.
import type { ReactNode } from 'react';
import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import {
  ArrayInput, AutocompleteInput, ReferenceInput, SelectInput, SimpleFormIterator, TextInput, required, useDataProvider,
  useSourceContext, useTranslate, type Validator,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { INVOICE_LINE_KINDS } from '../../../../resources/invoices';
import { formatCurrency } from '../../../shared/format';
import { centsToDecimal, parseDecimal } from '../../../shared/resource-values';
import { MoneyInput } from '../../generic/MoneyInput';
import { useChoiceLabel, useChoices } from '../common/choices';
import { lineCents, totalCents, type LineValues } from './totals';

const quantityValidator: Validator = (v: unknown) =>
  v == null || v === '' || (parseDecimal(v, 3) !== null && !String(v).trim().startsWith('-')) ? undefined : 'screens.validation.quantity';

/** One line per row on a laptop: kind, charge, description, quantity, unit amount, amount. */
const LINE_GRID = {
  '& .RaSimpleFormIterator-form': {
    flex: 1,
    display: 'grid',
    gridTemplateColumns: { xs: '1fr 1fr', md: '150px minmax(0, 1.3fr) minmax(0, 2fr) 88px minmax(0, 1.2fr) 130px' },
    columnGap: 1.5,
    rowGap: 0,
    width: '100%',
    '& > *, & .MuiFormControl-root': { minWidth: 0 },
  },
  '& .RaSimpleFormIterator-line': { alignItems: 'flex-start', borderBottom: 0 },
} as const;

export const moneyText = (cents: bigint) => formatCurrency(centsToDecimal(cents));

/** The amount of the line this is rendered in. */
function LineAmount() {
  const sourceContext = useSourceContext();
  const line = useWatch({ name: sourceContext.getSource('') }) as LineValues | undefined;
  const cents = lineCents(line);
  return (
    <Box sx={{ textAlign: 'right', pt: 1 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        <LineAmountLabel />
      </Typography>
      <Typography sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }} data-testid="line-amount">
        {cents === null ? '—' : moneyText(cents)}
      </Typography>
    </Box>
  );
}

function LineAmountLabel() {
  const translate = useTranslate();
  return <>{translate('resources.invoices.fields.lines.amount', { _: translate('screens.invoices.amount') })}</>;
}

/** Picking a charge fills the description and the rate (both can still be changed). */
function ChargeInput() {
  const dataProvider = useDataProvider();
  const sourceContext = useSourceContext();
  const { setValue, getValues } = useFormContext();
  return (
    <ReferenceInput source="charge_id" reference="charges" sort={{ field: 'name', order: 'ASC' }}>
      <AutocompleteInput
        optionText="name"
        filterToQuery={(q) => (q ? { q } : {})}
        fullWidth
        onChange={(id: unknown) => {
          if (!id) return;
          void dataProvider.getOne('charges', { id: String(id) }).then(({ data }) => {
            const opts = { shouldDirty: true, shouldValidate: true };
            if (!getValues(sourceContext.getSource('description'))) setValue(sourceContext.getSource('description'), data.name, opts);
            setValue(sourceContext.getSource('rate'), data.amount, opts);
            setValue(sourceContext.getSource('kind'), data.category === 'rent' ? 'rent' : data.category === 'penalty' ? 'penalty' : 'charge', opts);
          });
        }}
      />
    </ReferenceInput>
  );
}

export function InvoiceTotal() {
  const translate = useTranslate();
  const lines = useWatch({ name: 'lines' }) as LineValues[] | undefined;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'baseline', gap: 2, mt: 1.5, pr: 1 }}>
      <Typography color="text.secondary">{translate('screens.invoices.total')}</Typography>
      <Typography variant="h6" sx={{ fontWeight: 800, fontVariantNumeric: 'tabular-nums' }} data-testid="invoice-total">
        {moneyText(totalCents(lines))}
      </Typography>
    </Box>
  );
}

export function InvoiceLinesInput() {
  const kinds = useChoices('invoices', 'kind', INVOICE_LINE_KINDS);
  return (
    <>
      <ArrayInput source="lines" label={false}>
        <SimpleFormIterator inline disableReordering sx={LINE_GRID}>
          <SelectInput source="kind" choices={kinds} validate={required()} defaultValue="charge" fullWidth />
          <ChargeInput />
          <TextInput source="description" validate={required()} fullWidth />
          <TextInput source="quantity" label="screens.invoices.qty" validate={[required(), quantityValidator]} defaultValue="1" fullWidth slotProps={{ htmlInput: { inputMode: 'decimal', style: { textAlign: 'right' } } }} />
          <MoneyInput source="rate" validate={required()} fullWidth />
          <LineAmount />
        </SimpleFormIterator>
      </ArrayInput>
      <InvoiceTotal />
    </>
  );
}

/** An issued invoice's lines: frozen, shown as a table; `action` adds a button to a line (waive a penalty). */
export function InvoiceLinesTable({ lines, action }: { lines: Array<Record<string, unknown>>; action?: (line: Record<string, unknown>) => ReactNode }) {
  const translate = useTranslate();
  const label = useChoiceLabel('invoices');
  const f = (k: string) => translate(`resources.invoices.fields.lines.${k}`, { _: translate(`screens.invoices.${k}`) });
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          <TableCell>{f('kind')}</TableCell>
          <TableCell>{f('description')}</TableCell>
          <TableCell align="right">{f('quantity')}</TableCell>
          <TableCell align="right">{f('rate')}</TableCell>
          <TableCell align="right">{f('amount')}</TableCell>
          {action ? <TableCell padding="none" /> : null}
        </TableRow>
      </TableHead>
      <TableBody>
        {lines.map((l, i) => (
          <TableRow key={String(l.id ?? i)} sx={l.waived ? { '& td': { textDecoration: 'line-through', color: 'text.disabled' } } : undefined}>
            <TableCell>{label('kind', String(l.kind))}</TableCell>
            <TableCell>{String(l.description ?? '')}</TableCell>
            <TableCell align="right">{String(l.quantity ?? '')}</TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{formatCurrency(l.rate)}</TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>{formatCurrency(l.amount)}</TableCell>
            {action ? <TableCell align="right" padding="none" sx={{ pr: 1, textDecoration: 'none !important' }}>{action(l)}</TableCell> : null}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
