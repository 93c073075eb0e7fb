// The screen of one declared route: the area's list, its form (create or edit, with the route's
// other parameters as presets), the settings singleton, or a custom page. Screens registered
// through src/web/areas (extendArea) replace the generic list or form; pages are looked up as
// `page:<name>`, and a page nobody registered shows the 404 page.
import type { ComponentType } from 'react';
import { useParams } from 'react-router-dom';
import '../areas/register';
import { areaExtensions } from '../areas/extensions';
import { NotFoundScreen } from '../routing/not-found';
import type { RecordValues } from '../../shared/resource';
import { declaration } from './access';
import { GenericForm } from './GenericForm';
import { GenericList } from './GenericList';
import { declaredParams, type ScreenTarget } from './route-params';

export function screenFor(target: ScreenTarget): ComponentType {
  const resource = declaration(target.resource);
  const route = resource.routes.find((r) => r.path === target.declared);
  if (!route) throw new Error(`${target.resource} declares no route ${target.declared}`);

  if (route.view === 'page') {
    const Page = () => {
      const Registered = areaExtensions[`page:${route.page}`]?.form;
      return Registered ? <Registered /> : <NotFoundScreen />;
    };
    return Page;
  }

  if (route.view === 'list') {
    const ListScreen = () => {
      const Custom = areaExtensions[resource.name]?.list;
      return Custom ? <Custom /> : <GenericList resource={resource} route={route} />;
    };
    return ListScreen;
  }

  const FormScreen = () => {
    const params = declaredParams(target.mounted, target.declared, useParams());
    const Custom = areaExtensions[resource.name]?.form;
    if (Custom) return <Custom />;
    const { id, ...rest } = params;
    const presets: RecordValues = {};
    for (const [key, value] of Object.entries(rest)) {
      if (resource.fields.some((f) => f.key === key)) presets[key] = value;
    }
    // key: a new id (or new presets) is a new form, not the old one with stale values
    return <GenericForm key={`${id ?? ''}|${JSON.stringify(presets)}`} resource={resource} id={id} presets={presets} singleton={resource.singleton} />;
  };
  return FormScreen;
}
