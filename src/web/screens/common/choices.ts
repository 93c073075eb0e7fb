// Choice labels follow the generic kit's keys (resources.<name>.choices.<field>.<value>, then
// choices.<field>.<value>), falling back to a readable form of the value itself.
import { useMemo } from 'react';
import { useTranslate } from 'react-admin';

const readable = (value: string) => {
  const words = value.replace(/[_-]+/g, ' ').trim();
  if (value === 'mpesa') return 'M-Pesa';
  if (value === 'sms') return 'SMS';
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export function useChoiceLabel(resource: string) {
  const translate = useTranslate();
  return (field: string, value: string) =>
    translate(`resources.${resource}.choices.${field}.${value}`, {
      _: translate(`choices.${field}.${value}`, { _: translate(`choices.any.${value}`, { _: readable(value) }) }),
    });
}

/** [{ id, name }] for a SelectInput / RadioButtonGroupInput. */
export function useChoices(resource: string, field: string, values: readonly string[]) {
  const label = useChoiceLabel(resource);
  return useMemo(() => values.map((id) => ({ id, name: label(field, id) })), [values, field, label]);
}
