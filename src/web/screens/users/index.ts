import { extendArea } from '../../areas/extensions';
import { lazyScreen } from '../common/lazy';

extendArea('users', { form: lazyScreen(() => import('./UserForm').then((m) => m.UserForm)) });
