import { extendArea } from '../../areas/extensions';
import { lazyScreen } from '../common/lazy';

extendArea('templates', { form: lazyScreen(() => import('./TemplateForm').then((m) => m.TemplateForm)) });
