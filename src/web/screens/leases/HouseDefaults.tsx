// When the person picks a house, the lease takes its rent, deposit and recurring charges
// (GET /houses/:id; the house type's when the house names none). A lease freezes them: they
// are copied into the form, where they may still be changed, and never follow the house later.
import { useEffect, useRef, useState } from 'react';
import { Alert } from '@mui/material';
import { useDataProvider, useTranslate, type RaRecord } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { formatCurrency } from '../../../shared/format';

export interface HouseTerms {
  rent: string | null;
  deposit: string | null;
  charges: Array<{ charge_id: string; amount: string | null }>;
}

type Provider = ReturnType<typeof useDataProvider>;

/** The terms a new lease of this house starts from. */
export async function houseTerms(dataProvider: Provider, houseId: string): Promise<{ house: RaRecord; terms: HouseTerms }> {
  const { data: house } = await dataProvider.getOne('houses', { id: houseId });
  let chargeIds = Array.isArray(house.charge_ids) ? (house.charge_ids as string[]) : [];
  let deposit = (house.deposit as string | null) ?? null;
  let rent = (house.rent as string | null) ?? null;
  if (house.house_type_id && (!chargeIds.length || deposit == null || rent == null)) {
    const { data: type } = await dataProvider.getOne('house-types', { id: house.house_type_id });
    if (!chargeIds.length && Array.isArray(type.charge_ids)) chargeIds = type.charge_ids as string[];
    deposit ??= (type.default_deposit as string | null) ?? null;
    rent ??= (type.default_rent as string | null) ?? null;
  }
  const charges = chargeIds.length ? (await dataProvider.getMany('charges', { ids: chargeIds })).data : [];
  return {
    house,
    terms: {
      rent,
      deposit,
      charges: charges.map((c) => ({ charge_id: String(c.id), amount: (c.amount as string | null) ?? null })),
    },
  };
}

/** Watches house_id and fills rent, deposit and charges when it changes (not when a lease loads). */
export function HouseDefaults() {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const { setValue } = useFormContext();
  const houseId = useWatch({ name: 'house_id' }) as string | null | undefined;
  const first = useRef(houseId);
  const [applied, setApplied] = useState<{ number: string; rent: string | null } | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!houseId || houseId === first.current) return;
    first.current = houseId;
    let live = true;
    setError(null);
    houseTerms(dataProvider, houseId)
      .then(({ house, terms }) => {
        if (!live) return;
        const opts = { shouldDirty: true, shouldValidate: true };
        setValue('rent', terms.rent, opts);
        setValue('deposit', terms.deposit, opts);
        setValue('charges', terms.charges, opts);
        setApplied({ number: String(house.number ?? ''), rent: terms.rent });
      })
      .catch((e: unknown) => live && setError(e instanceof Error ? e.message : String(e)));
    return () => {
      live = false;
    };
  }, [houseId, dataProvider, setValue]);

  if (error) return <Alert severity="warning" sx={{ mb: 2 }}>{error}</Alert>;
  if (!applied) return null;
  return (
    <Alert severity="info" sx={{ mb: 2 }} data-testid="house-defaults">
      {translate('screens.leases.defaults_applied', { house: applied.number, rent: formatCurrency(applied.rent) })}
    </Alert>
  );
}
