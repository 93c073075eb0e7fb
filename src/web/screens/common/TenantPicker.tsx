// A tenant picker outside a react-admin form (dialogs): searches as the person types.
import { useEffect, useState } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import { useGetList, type RaRecord } from 'react-admin';

export function RecordPicker({ resource, label, value, onChange, filter, optionLabel = (r) => String(r.name ?? r.id) }: {
  resource: string;
  label: string;
  value: RaRecord | null;
  onChange: (r: RaRecord | null) => void;
  filter?: Record<string, unknown>;
  optionLabel?: (r: RaRecord) => string;
}) {
  const [input, setInput] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setQ(input.trim()), 250);
    return () => clearTimeout(t);
  }, [input]);
  const { data = [], isFetching } = useGetList(resource, {
    pagination: { page: 1, perPage: 25 },
    filter: { ...filter, ...(q ? { q } : {}) },
  });
  return (
    <Autocomplete<RaRecord>
      options={value && !data.some((r) => r.id === value.id) ? [value, ...data] : data}
      value={value}
      loading={isFetching}
      filterOptions={(x) => x}
      getOptionLabel={optionLabel}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_, r) => onChange(r)}
      onInputChange={(_, text, reason) => reason === 'input' && setInput(text)}
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}
