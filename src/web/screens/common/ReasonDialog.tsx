// A dialog that asks for text before a serious action (void an invoice, reverse a payment) and
// shows the server's refusal inside it, so the person can read it and try again or cancel.
import { useState, type ReactNode } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { DIALOG_TRANSITION_MS } from '../../components/dialog-timing';
import { describeFailure } from '../../components/server-errors';

export interface ActionDialogProps {
  open: boolean;
  title: string;
  message?: ReactNode;
  acceptLabel: string;
  danger?: boolean;
  /** Extra inputs (dates, options) above the reason. */
  children?: ReactNode;
  /** With a reason field when set (its label). */
  reasonLabel?: string;
  /** Whether Accept is allowed (besides a non-empty reason). */
  ready?: boolean;
  onClose: () => void;
  /** Throws to keep the dialog open with the error. */
  onAccept: (reason: string) => Promise<void>;
}

export function ActionDialog({ open, title, message, acceptLabel, danger, children, reasonLabel, ready = true, onClose, onAccept }: ActionDialogProps) {
  const translate = useTranslate();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    if (busy) return;
    setReason('');
    setError(null);
    onClose();
  };
  const accept = async () => {
    setBusy(true);
    setError(null);
    try {
      await onAccept(reason.trim());
      setReason('');
      onClose();
    } catch (e) {
      const { fields, message: m } = describeFailure(e);
      setError(fields ? Object.values(fields).join(' ') : m);
    } finally {
      setBusy(false);
    }
  };
  const canAccept = ready && (!reasonLabel || reason.trim() !== '');
  return (
    <Dialog open={open} onClose={close} transitionDuration={DIALOG_TRANSITION_MS} maxWidth="sm" fullWidth aria-labelledby="screens-action-title">
      <DialogTitle id="screens-action-title">{title}</DialogTitle>
      <DialogContent>
        {message ? <DialogContentText sx={{ mb: 2 }}>{message}</DialogContentText> : null}
        {error ? (
          <Alert severity="error" sx={{ mb: 2 }} role="alert">
            {translate(error, { _: error })}
          </Alert>
        ) : null}
        {children}
        {reasonLabel ? (
          <TextField
            label={reasonLabel}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            required
            fullWidth
            multiline
            minRows={2}
            autoFocus
            slotProps={{ htmlInput: { maxLength: 500 } }}
            sx={{ mt: 1 }}
          />
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={close} disabled={busy}>
          {translate('ra.action.cancel')}
        </Button>
        <Button variant="contained" color={danger ? 'error' : 'primary'} onClick={() => void accept()} disabled={!canAccept} loading={busy}>
          {acceptLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
