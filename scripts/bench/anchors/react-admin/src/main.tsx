import { createRoot } from 'react-dom/client';
import { Admin, Datagrid, Edit, List, Resource, SimpleForm, TextField, TextInput } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';

const dataProvider = simpleRestProvider('/api');

// 100 a page, as the dashboard's users list asks for (the pages bench's anchor with data).
const UserList = () => (
  <List perPage={100}>
    <Datagrid>
      <TextField source="id" />
      <TextField source="first_name" />
      <TextField source="last_name" />
      <TextField source="email" />
    </Datagrid>
  </List>
);

const UserEdit = () => (
  <Edit>
    <SimpleForm>
      <TextInput source="first_name" />
      <TextInput source="last_name" />
      <TextInput source="email" />
    </SimpleForm>
  </Edit>
);

createRoot(document.getElementById('root')!).render(
  <Admin dataProvider={dataProvider}>
    <Resource name="users" list={UserList} edit={UserEdit} />
  </Admin>,
);
