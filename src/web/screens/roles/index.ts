import { extendArea } from '../../areas/extensions';
import { lazyScreen } from '../common/lazy';

extendArea('roles', { form: lazyScreen(() => import('./RoleForm').then((m) => m.RoleForm)) });
