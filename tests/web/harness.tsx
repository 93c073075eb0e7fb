import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { AdminContext, Form, memoryStore } from 'react-admin';
import { i18nProvider } from '../../src/web/providers/i18n-provider';
import { lightTheme, darkTheme } from '../../src/web/theme';
import { ToastProvider, type ToastPosition } from '../../src/web/components/toast/ToastProvider';
import { ConfirmProvider } from '../../src/web/components/confirm/ConfirmProvider';

/** react-admin's context (i18n, theme) with Keja's toast and confirm providers. */
export function renderInAdmin(ui: ReactNode, { position }: { position?: ToastPosition } = {}) {
  return render(
    <AdminContext i18nProvider={i18nProvider} store={memoryStore()} lightTheme={lightTheme} darkTheme={darkTheme}>
      <ToastProvider position={position}>
        <ConfirmProvider>{ui}</ConfirmProvider>
      </ToastProvider>
    </AdminContext>,
  );
}

/** A react-admin form around inputs; `onSubmit` receives the values. */
export function renderForm(inputs: ReactNode, onSubmit: (values: Record<string, unknown>) => void, defaultValues: Record<string, unknown> = {}) {
  return renderInAdmin(
    <Form onSubmit={onSubmit} defaultValues={defaultValues} noValidate>
      {inputs}
      <button type="submit">Submit</button>
    </Form>,
  );
}
