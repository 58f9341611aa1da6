extension Menu {
    /// Giuseppe's menu file, shipped inside the module so that it is always there.
    /// `casebook menu --template` prints it as a starting point for a restaurant's own file.
    public static let giuseppesYAML = """
        # Giuseppe's menu. Prices are exact (at most two decimals), in the currency below.
        # Every dish declares the EU's 14 allergens it contains ([] for none) and the diets it
        # suits: a dish without `allergens` (or `labels`) has not declared them, and a guest
        # filtering the menu is told to ask about it.
        restaurant: Giuseppe's
        currency: EUR
        # The restaurant itself, each line optional, shown to guests above the menu: where it
        # is, how to call it, what it serves, and when it is open, in its time zone (periods
        # such as 12:00-14:30, or closed; exceptions are days that differ from their weekday).
        # address: Via Roma 12, 00184 Roma
        # phone: "+39 06 1234 5678"
        # map: https://www.openstreetmap.org/?mlat=41.8947&mlon=12.4839
        # time_zone: Europe/Rome
        # cuisine: Italian, pizza
        # hours:
        #   monday: closed
        #   tuesday: 12:00-14:30, 18:30-22:30
        #   saturday: 18:00-01:00
        # exceptions:
        #   2026-12-25: closed
        pizzas:
          - name: Margherita
            price: 8.50
            description: Tomato, mozzarella, basil, olive oil
            allergens: [gluten, milk]
            labels: [vegetarian]
          - name: Marinara
            price: 7.00
            description: Tomato, garlic, oregano, olive oil
            allergens: [gluten]
            labels: [vegetarian, vegan]
          - name: Capricciosa
            price: 11.00
            description: Tomato, mozzarella, ham, mushrooms, artichokes, olives
            allergens: [gluten, milk]
            labels: []
          - name: Quattro Formaggi
            price: 11.50
            description: Mozzarella, gorgonzola, fontina, parmigiano
            allergens: [gluten, milk]
            labels: []
          - name: Diavola
            price: 10.00
            description: Tomato, mozzarella, spicy salami, chilli
            allergens: [gluten, milk]
            labels: [spicy]
          - name: Prosciutto e Funghi
            price: 10.50
            description: Tomato, mozzarella, ham, mushrooms
            allergens: [gluten, milk]
            labels: []
          - name: Napoletana
            price: 9.50
            description: Tomato, mozzarella, anchovies, capers, oregano
            allergens: [gluten, fish, milk]
            labels: []
        beverages:
          - name: Still water
            price: 2.00
            description: 0.5 l
            allergens: []
            labels: [vegetarian, vegan, gluten-free]
          - name: Sparkling water
            price: 2.00
            description: 0.5 l
            allergens: []
            labels: [vegetarian, vegan, gluten-free]
          - name: Chinotto
            price: 3.20
            description: Bitter orange soda, 0.33 l
            allergens: []
            labels: [vegetarian, vegan, gluten-free]
          - name: Peroni
            price: 4.50
            description: Lager, 0.33 l
            allergens: [gluten]
            labels: [vegetarian, vegan]
          - name: House red wine
            price: 5.00
            description: Montepulciano d'Abruzzo, glass
            allergens: [sulphites]
            labels: []
        desserts:
          - name: Tiramisù
            price: 6.00
            description: Mascarpone, coffee, savoiardi, cocoa
            allergens: [gluten, eggs, milk]
            labels: [vegetarian]
          - name: Panna cotta
            price: 5.50
            description: With wild berry sauce
            allergens: [milk]
            labels: []
          - name: Cannoli
            price: 5.00
            description: Two Sicilian cannoli with ricotta and pistachio, shells with Marsala
            allergens: [gluten, eggs, milk, nuts, sulphites]
            labels: []
          - name: Affogato
            price: 4.50
            description: Vanilla gelato drowned in espresso
            allergens: [eggs, milk]
            labels: [vegetarian]
        """

    /// Giuseppe's menu, the default wherever no menu file is named.
    public static let giuseppes: Menu = {
        do {
            return try Menu(yaml: giuseppesYAML, file: "giuseppes-menu.yaml")
        } catch {
            preconditionFailure("the shipped menu is invalid: \(error)")
        }
    }()
}
