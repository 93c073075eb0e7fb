// A record's document: download its PDF, or email it to the tenant with the PDF attached
// (GET …/pdf, POST …/email). The PDF is fetched with the organisation's X-Tenant-Id like every call.
import { useState } from 'react';
import { Box, Button, CircularProgress, TextField } from '@mui/material';
import PictureAsPdfRoundedIcon from '@mui/icons-material/PictureAsPdfRounded';
import ForwardToInboxRoundedIcon from '@mui/icons-material/ForwardToInboxRounded';
import { useTranslate } from 'react-admin';
import { useToast } from '../../components/toast/ToastProvider';
import { saveDownload, type Query } from '../../generic/download';
import { ActionDialog } from '../common/ReasonDialog';
import { postAction } from '../common/api';
import { useCan } from '../common/params';

export interface DocumentActionsProps {
  /** e.g. /invoices/{id}: the PDF is {base}/pdf, the email {base}/email */
  base: string;
  query?: Query;
  /** what the email dialog names: 'invoice INV-000042' */
  what: string;
  /** any of these lets one see the document (the server's rule: show, list or edit of the record) */
  viewPermissions: string[];
  fallbackName: string;
  disabled?: boolean;
  /** false where the screen has its own PDF button (the statement's report actions) */
  download?: boolean;
}

interface Sent { status: 'sent' | 'failed'; to: string; error: string | null }

export function DocumentActions({ base, query = {}, what, viewPermissions, fallbackName, disabled, download: withDownload = true }: DocumentActionsProps) {
  const translate = useTranslate();
  const toast = useToast();
  const can = useCan();
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState(false);
  const [to, setTo] = useState('');
  if (!viewPermissions.some((p) => can(p))) return null;
  const qs = new URLSearchParams(Object.entries(query).filter(([, v]) => !!v) as Array<[string, string]>).toString();
  const download = async () => {
    setBusy(true);
    try {
      await saveDownload(`${base}/pdf`, query, 'application/pdf', fallbackName);
    } catch (e) {
      toast.add({ severity: 'error', summary: translate('screens.documents.download_failed'), detail: e instanceof Error ? e.message : String(e), life: 6000 });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      {withDownload ? (
        <Button variant="outlined" disabled={disabled || busy} onClick={() => void download()} data-testid="document-pdf"
          startIcon={busy ? <CircularProgress size={16} /> : <PictureAsPdfRoundedIcon />}>
          {translate('screens.documents.pdf')}
        </Button>
      ) : null}
      {can('send.message') ? (
        <Button variant="outlined" disabled={disabled} startIcon={<ForwardToInboxRoundedIcon />} onClick={() => setOpen(true)} data-testid="document-email">
          {translate('screens.documents.email')}
        </Button>
      ) : null}
      <ActionDialog
        open={open}
        title={translate('screens.documents.email_title', { what })}
        message={translate('screens.documents.email_message')}
        acceptLabel={translate('screens.documents.email')}
        onClose={() => { setOpen(false); setTo(''); }}
        onAccept={async () => {
          const sent = await postAction<Sent>(`${base}/email${qs ? `?${qs}` : ''}`, to.trim() ? { to: to.trim() } : {});
          if (sent.status === 'sent') toast.add({ severity: 'success', summary: translate('screens.documents.sent', { to: sent.to }), life: 5000 });
          else toast.add({ severity: 'error', summary: translate('screens.documents.failed', { error: sent.error ?? '' }), life: 8000 });
          setTo('');
        }}
      >
        <Box sx={{ pt: 1 }}>
          <TextField fullWidth type="email" label={translate('screens.documents.to')} value={to} onChange={(e) => setTo(e.target.value)} autoComplete="email" />
        </Box>
      </ActionDialog>
    </>
  );
}
