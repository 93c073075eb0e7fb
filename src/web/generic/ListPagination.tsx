// The list's pagination with its total as the server gave it: "1-25 of 38,900" when counted,
// "1-25 of about 38,900" when the server could only estimate it (a filtered list past 10,000
// matches: X-Total-Estimated, carried by the data provider as the list's meta.totalEstimated).
import { useCallback, type FC } from 'react';
import type { TablePaginationProps } from '@mui/material';
import { Pagination, useListContext, useTranslate, type PaginationProps, type TranslateFunction } from 'react-admin';
import type { ListMeta } from '../providers/data-provider';

const grouping = new Intl.NumberFormat('en-KE');

/** react-admin's Pagination hands props it does not know (this one) to Material UI's TablePagination, last. */
const LabelledPagination = Pagination as FC<PaginationProps & Pick<TablePaginationProps, 'labelDisplayedRows'>>;

/**
 * The "from-to of total" text, the total grouped (38,900); `total` -1 is an unknown total
 * (react-admin's partial pagination: "of more than" while there is a next page).
 */
export function pageRangeText(translate: TranslateFunction, from: number, to: number, total: number, estimated: boolean, hasNextPage = false): string {
  if (total === -1 && hasNextPage) return translate('ra.navigation.partial_page_range_info', { offsetBegin: from, offsetEnd: to });
  const n = grouping.format(total === -1 ? to : total);
  return estimated
    ? translate('generic.list.page_range_estimated', { offsetBegin: from, offsetEnd: to, total: n })
    : translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: n });
}

export function ListPagination(props: PaginationProps) {
  const translate = useTranslate();
  const { meta, hasNextPage } = useListContext();
  const estimated = !!(meta as ListMeta | undefined)?.totalEstimated;
  const labelDisplayedRows = useCallback(
    ({ from, to, count }: { from: number; to: number; count: number }) => pageRangeText(translate, from, to, count, estimated, hasNextPage),
    [translate, estimated, hasNextPage],
  );
  return <LabelledPagination labelDisplayedRows={labelDisplayedRows} {...props} />;
}
