// A money record's history under its screen: newest first, each change in words with when (Nairobi
// time), who, the reason, and the fields it changed from what to what. Loaded from
// GET /{resource}/{id}/history again whenever the record changes (its updated_at).
import { useEffect, useMemo, useState } from 'react';
import { Alert, Box, Button, Typography } from '@mui/material';
import HistoryRoundedIcon from '@mui/icons-material/HistoryRounded';
import { useLocaleState, useTranslate } from 'react-admin';
import { resourceByName } from '../../../../resources/index';
import { useLabels } from '../../generic/labels';
import { api } from '../../providers/http-client';
import { useSession } from '../../session/session-store';
import { Section } from '../common/FormPage';
import { useCan } from '../common/params';
import { describeEntry, type Described, type RecordHistory } from './describe';

/** How many entries show before "Show earlier changes". */
const FIRST = 8;

function useHistory(path: string | null, version: unknown) {
  const org = useSession().organization?.id;
  const [state, setState] = useState<{ key: string; data: RecordHistory | null; error: boolean } | null>(null);
  const [round, setRound] = useState(0);
  const key = path === null ? null : `${org ?? ''}|${path}|${String(version ?? '')}|${round}`;
  useEffect(() => {
    if (key === null || path === null) return;
    let live = true;
    api<RecordHistory>(path).then(
      (data) => live && setState({ key, data, error: false }),
      () => live && setState({ key, data: null, error: true }),
    );
    return () => {
      live = false;
    };
  }, [key, path]);
  // while a newer version loads, the previous entries stay on screen
  return { data: state?.data ?? null, error: state?.key === key && state.error, retry: () => setRound((r) => r + 1) };
}

function Entry({ entry, last }: { entry: Described & { at: string }; last: boolean }) {
  return (
    <Box component="li" sx={{ position: 'relative', pl: 3, pb: last ? 0 : 2, '&::before': { content: '""', position: 'absolute', left: 5, top: 6, width: 9, height: 9, borderRadius: '50%', bgcolor: 'primary.main' }, '&::after': last ? undefined : { content: '""', position: 'absolute', left: 9, top: 18, bottom: 0, width: '1px', bgcolor: 'divider' } }}>
      <Typography variant="body2" sx={{ fontWeight: 650, overflowWrap: 'anywhere' }}>{entry.title}</Typography>
      {entry.extra ? <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>{entry.extra}</Typography> : null}
      <Typography variant="caption" color="text.secondary" component="p">
        <time dateTime={entry.at}>{entry.when}</time> · {entry.who}
      </Typography>
      {entry.reason ? <Typography variant="body2" sx={{ fontStyle: 'italic', overflowWrap: 'anywhere' }}>{entry.reason}</Typography> : null}
      {entry.changes.length ? (
        <Box component="dl" sx={{ m: 0, mt: 0.5, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(120px, max-content) 1fr' }, columnGap: 2, rowGap: { xs: 0, sm: 0.25 } }}>
          {entry.changes.map((c) => (
            <Box key={c.label} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="caption" color="text.secondary" sx={{ pt: { xs: 0.5, sm: 0.25 } }}>{c.label}</Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}>
                {c.old !== null ? (
                  <>
                    <Box component="span" sx={{ color: 'text.secondary' }}>{c.old}</Box>
                    <Box component="span" aria-hidden sx={{ px: 0.75, color: 'text.secondary' }}>→</Box>
                  </>
                ) : null}
                {c.new}
              </Typography>
            </Box>
          ))}
        </Box>
      ) : null}
    </Box>
  );
}

export function HistoryPanel({ resource, id, version }: { resource: string; id: string; version?: unknown }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const can = useCan();
  const decl = resourceByName(resource);
  const labels = useLabels(decl ?? { name: resource });
  const allowed = !!decl && ['show', 'list', 'edit'].some((a) => can(`${a}.${decl.module}`));
  const { data, error, retry } = useHistory(allowed ? `/${resource}/${encodeURIComponent(id)}/history` : null, version);
  const [all, setAll] = useState(false);
  const entries = useMemo(
    () => (data ? data.entries.map((e) => ({ ...describeEntry(e, { resource, references: data.references, translate, labels, locale: locale ?? 'en' }), at: e.at, id: e.id })) : []),
    [data, resource, translate, labels, locale],
  );
  if (!allowed) return null;
  const shown = all ? entries : entries.slice(0, FIRST);
  const heading = (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <HistoryRoundedIcon fontSize="small" color="primary" />
      {translate('screens.history.title')}
    </Box>
  );
  return (
    <Box component="section" aria-label={translate('screens.history.title')}>
      <Section title={heading} hint={translate('screens.history.hint')}>
        {error ? (
          <Alert severity="warning" action={<Button color="inherit" size="small" onClick={retry}>{translate('screens.history.retry')}</Button>}>
            {translate('screens.history.load_failed')}
          </Alert>
        ) : !data ? (
          <Typography variant="body2" color="text.secondary" role="status" aria-busy="true">…</Typography>
        ) : !entries.length ? (
          <Typography variant="body2" color="text.secondary">{translate('screens.history.empty')}</Typography>
        ) : (
          <>
            <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {shown.map((e, i) => <Entry key={e.id} entry={e} last={i === shown.length - 1} />)}
            </Box>
            {entries.length > FIRST ? (
              <Button size="small" sx={{ mt: 1 }} onClick={() => setAll((v) => !v)}>
                {all ? translate('screens.history.show_less') : translate('screens.history.show_more', { smart_count: entries.length - FIRST })}
              </Button>
            ) : null}
          </>
        )}
      </Section>
    </Box>
  );
}
