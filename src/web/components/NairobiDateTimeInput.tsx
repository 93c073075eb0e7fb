// react-admin's DateTimeInput in Nairobi time (shared/nairobi-time.ts): a payment's "Paid at"
// reads the same on a laptop set to UTC as on a phone in Nairobi, and as every screen prints it.
import { DateTimeInput, type DateTimeInputProps } from 'react-admin';
import { fromNairobiInput, toNairobiInput } from '../../shared/nairobi-time';

export function NairobiDateTimeInput(props: DateTimeInputProps) {
  return <DateTimeInput format={toNairobiInput} parse={fromNairobiInput} {...props} />;
}
