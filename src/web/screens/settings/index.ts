import { extendArea } from '../../areas/extensions';
import { lazyScreen } from '../common/lazy';

extendArea('settings', { form: lazyScreen(() => import('./SettingsForm').then((m) => m.SettingsForm)) });
