// A record picker over the data provider: searches with the resource's `q` filter as the user
// types and shows the chosen record's name. Plain MUI Autocomplete (no react-admin form needed).
import { useEffect, useMemo, useState } from 'react';
import { Autocomplete, CircularProgress, TextField, type SxProps, type Theme } from '@mui/material';
import { useGetList, useGetOne, type RaRecord } from 'react-admin';

export interface RecordAutocompleteProps {
  resource: string;
  label: string;
  value: string | null;
  onChange: (id: string | null, record: RaRecord | null) => void;
  optionLabel?: (r: RaRecord) => string;
  /** Extra text under the name in the list (a tenant's phone). */
  optionDetail?: (r: RaRecord) => string | null | undefined;
  sx?: SxProps<Theme>;
  size?: 'small' | 'medium';
}

const nameOf = (r: RaRecord) => String(r.name ?? r.id);

export function RecordAutocomplete({ resource, label, value, onChange, optionLabel = nameOf, optionDetail, sx, size = 'small' }: RecordAutocompleteProps) {
  const [input, setInput] = useState('');
  const [q, setQ] = useState('');
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const t = setTimeout(() => setQ(input.trim()), 250);
    return () => clearTimeout(t);
  }, [input]);
  const { data: found = [], isFetching } = useGetList(
    resource,
    { pagination: { page: 1, perPage: 25 }, sort: { field: 'name', order: 'ASC' }, filter: q ? { q } : {} },
    { enabled: open },
  );
  const { data: selected } = useGetOne(resource, { id: value ?? '' }, { enabled: !!value });
  const current = value && selected && String(selected.id) === value ? selected : null;
  const options = useMemo(
    () => (current && !found.some((o) => String(o.id) === String(current.id)) ? [current, ...found] : found),
    [current, found],
  );
  return (
    <Autocomplete<RaRecord>
      sx={sx}
      size={size}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={options}
      value={current}
      loading={isFetching}
      filterOptions={(x) => x}
      getOptionLabel={optionLabel}
      isOptionEqualToValue={(a, b) => String(a.id) === String(b.id)}
      onChange={(_, r) => onChange(r ? String(r.id) : null, r)}
      onInputChange={(_, text, reason) => {
        if (reason === 'input') setInput(text);
        if (reason === 'clear') setInput('');
      }}
      renderOption={(props, r) => {
        const { key, ...rest } = props as typeof props & { key: string };
        const detail = optionDetail?.(r);
        return (
          <li key={key} {...rest}>
            <span>
              {optionLabel(r)}
              {detail ? (
                <span style={{ display: 'block', fontSize: '0.8em', opacity: 0.7 }}>{detail}</span>
              ) : null}
            </span>
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          slotProps={{
            input: {
              ...params.InputProps,
              endAdornment: (
                <>
                  {isFetching && open ? <CircularProgress color="inherit" size={16} /> : null}
                  {params.InputProps.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}
