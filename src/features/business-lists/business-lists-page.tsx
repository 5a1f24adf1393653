import { BUSINESS_LIST_NAMES, businessList } from '../../../domain/business-lists';
import { businessListMessages as text } from '../../../domain/messages/business-lists';
import { AppLink } from '../../ui/app-link';
import { ScreenPage } from '../../ui/screen-chrome';
import '../../ui/plain-list.css';
import './business-lists.css';

/** `/catalogues` ('Catálogos'): the lists the business keeps, each opening its own. */
export default function BusinessListsPage() {
  return (
    <ScreenPage title={text.title}>
      <h1 className="visually-hidden">{text.title}</h1>
      <p className="business-lists__intro">{text.intro}</p>
      <ul className="plain-list">
        {BUSINESS_LIST_NAMES.map((list) => (
          <li key={list}>
            <AppLink href={`/catalogues/${list}`} className="plain-list__button">
              {businessList(list).title}
            </AppLink>
          </li>
        ))}
      </ul>
    </ScreenPage>
  );
}
