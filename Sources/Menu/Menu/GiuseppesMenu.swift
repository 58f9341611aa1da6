extension Menu {
    /// Giuseppe's menu file, shipped inside the module so that it is always there.
    /// `casebook menu --template` prints it as a starting point for a restaurant's own file.
    public static let giuseppesYAML = """
        # Giuseppe's menu. Prices are exact (at most two decimals), in the currency below.
        restaurant: Giuseppe's
        currency: EUR
        pizzas:
          - name: Margherita
            price: 8.50
            description: Tomato, mozzarella, basil, olive oil
          - name: Marinara
            price: 7.00
            description: Tomato, garlic, oregano, olive oil
          - name: Capricciosa
            price: 11.00
            description: Tomato, mozzarella, ham, mushrooms, artichokes, olives
          - name: Quattro Formaggi
            price: 11.50
            description: Mozzarella, gorgonzola, fontina, parmigiano
          - name: Diavola
            price: 10.00
            description: Tomato, mozzarella, spicy salami, chilli
          - name: Prosciutto e Funghi
            price: 10.50
            description: Tomato, mozzarella, ham, mushrooms
          - name: Napoletana
            price: 9.50
            description: Tomato, mozzarella, anchovies, capers, oregano
        beverages:
          - name: Still water
            price: 2.00
            description: 0.5 l
          - name: Sparkling water
            price: 2.00
            description: 0.5 l
          - name: Chinotto
            price: 3.20
            description: Bitter orange soda, 0.33 l
          - name: Peroni
            price: 4.50
            description: Lager, 0.33 l
          - name: House red wine
            price: 5.00
            description: Montepulciano d'Abruzzo, glass
        desserts:
          - name: Tiramisù
            price: 6.00
            description: Mascarpone, coffee, savoiardi, cocoa
          - name: Panna cotta
            price: 5.50
            description: With wild berry sauce
          - name: Cannoli
            price: 5.00
            description: Two Sicilian cannoli with ricotta and pistachio
          - name: Affogato
            price: 4.50
            description: Vanilla gelato drowned in espresso
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
