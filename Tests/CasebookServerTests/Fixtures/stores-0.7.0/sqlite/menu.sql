PRAGMA foreign_keys=OFF;
BEGIN TRANSACTION;
CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
INSERT INTO grdb_migrations VALUES('create menu revision');
CREATE TABLE menu_revision (
    number INTEGER PRIMARY KEY NOT NULL,
    body TEXT NOT NULL,
    author TEXT NOT NULL,
    savedAt TEXT NOT NULL,
    note TEXT
);
INSERT INTO menu_revision VALUES(1,replace('restaurant: "Giuseppe''s"\ncurrency: "EUR"\npizzas:\n  - name: "Margherita"\n    price: 8.50\n    description: "Tomato, mozzarella, basil"\n    allergens: [gluten, milk]\n    labels: [vegetarian]\n  - name: "Secret special"\n    price: 12.25\nbeverages:\n  - name: "Water"\n    price: 2.00\n    allergens: []\n    labels: [vegetarian, vegan]\n    sold_out: 2026-03-04\ndesserts:\n  - name: "Tiramisu"\n    price: 6.00\n    allergens: [gluten, eggs, milk]\n    labels: []\n','\n',char(10)),'casebook menu import','2026-12-02T00:27:09.734','menu.yaml');
INSERT INTO menu_revision VALUES(2,replace('restaurant: "Giuseppe''s"\ncurrency: "EUR"\npizzas:\n  - name: "Margherita"\n    price: 9.00\n    description: "Tomato, mozzarella, basil"\n    allergens: [gluten, milk]\n    labels: [vegetarian]\n  - name: "Secret special"\n    price: 12.25\nbeverages:\n  - name: "Water"\n    price: 2.00\n    allergens: []\n    labels: [vegetarian, vegan]\n    sold_out: 2026-03-04\ndesserts:\n  - name: "Tiramisu"\n    price: 6.00\n    allergens: [gluten, eggs, milk]\n    labels: []\n','\n',char(10)),'casebook menu import','2026-12-02T00:27:09.778','menu.yaml');
COMMIT;
